/** Facts about the company and the product shown on public pages. */
export const company = {
  legalName: 'MediPay Instituição de Pagamento Ltda.',
  brand: 'MediPay',
  cnpj: '48.275.193/0001-10',
  headquarters: 'Rio de Janeiro - RJ',
  dpoEmail: 'dpo@medipay.com.br',
  productVersion: '2.1.0',
  productVersionDate: 'Dezembro de 2024',
} as const;

/** Configuration the server hands to the browser. Never holds a secret. */
export type PublicConfig = {
  supportPhone: string;
  supportEmail: string;
  appLoginUrl: string;
  /** KYC_CHECKS=sandbox: the identity checks give deterministic outcomes, shown as sandbox. */
  kycSandbox: boolean;
};

export const publicConfigDefaults: PublicConfig = {
  supportPhone: '0800 591 2024',
  supportEmail: 'suporte@medipay.com.br',
  appLoginUrl: 'https://app.medipay.com.br',
  kycSandbox: false,
};

/** The name of the meta tag through which the server passes PublicConfig to the SPA. */
export const publicConfigMetaName = 'medipay-config';
