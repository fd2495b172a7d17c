import { paths } from '@medipay/shared/routes';

/** Where the first master administrator's password is, for the start banner. */
export type FirstAdminOrigin =
  /** Created at this start with a random password: the box printed above. */
  | 'printed'
  /** Created at this start from ADMIN_EMAIL / ADMIN_PASSWORD. */
  | 'environment'
  /** An account existed already. */
  | 'existing';

const firstAdminLine: Record<FirstAdminOrigin, string> = {
  printed: 'senha no quadro acima (mostrada uma única vez)',
  environment: 'senha definida por ADMIN_PASSWORD',
  existing:
    'criado em uma partida anterior; para outra senha: npm run admin -- reset-password --user admin',
};

/**
 * What the server prints once it listens, outside production: the addresses a person opens
 * first (the outbox page exists only there).
 */
export function startBanner(options: { publicUrl: string; firstAdmin: FirstAdminOrigin }): string {
  const base = options.publicUrl.replace(/\/$/, '');
  const rows: [string, string][] = [
    ['Portal', `${base}/`],
    ['Back office', `${base}${paths.adminLogin}`],
    ['Caixa de saída', `${base}${paths.devOutbox} (e-mails e SMS, códigos inclusive)`],
    ['Primeiro admin', firstAdminLine[options.firstAdmin]],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    '',
    'MediPay no ar.',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
    '',
  ].join('\n');
}
