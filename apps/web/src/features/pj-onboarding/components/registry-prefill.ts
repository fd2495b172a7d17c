import { cargoFromQualification } from '@medipay/shared/company-registry';
import type { CnpjLookupResult } from '@medipay/shared/lookup';
import { maskCep } from '@medipay/shared/masks';
import type { ResponsavelCargo } from '@medipay/shared/options';

/** What the registry said about the company's address and representative, for steps 2 and 3. */
export type RegistryPrefill = {
  /** The 14 characters of the CNPJ looked up, as stored. */
  cnpj: string;
  address: {
    cep: string;
    logradouro: string;
    numero: string;
    complemento: string;
    bairro: string;
    cidade: string;
    uf: string;
  };
  /** The partner suggested as the representative (company-registry.ts says which). */
  responsavel: { nome: string; cargo: ResponsavelCargo } | null;
  /** Every partner and administrator of the registry (QSA), in its order, to choose from. */
  partners: RegistryPartner[];
};

/** A partner of the registry: the name, the qualification as shown, the role it maps to. */
export type RegistryPartner = { nome: string; qualificacao: string; cargo: ResponsavelCargo };

/** '49-Sócio-Administrador' (ReceitaWS) and 'Sócio-Administrador' (BrasilAPI) read alike. */
const withoutCode = (qualification: string) => qualification.replace(/^\s*\d+\s*-\s*/, '').trim();

// Kept for the tab's life, so a reload between steps does not lose what the lookup found.
const storageKey = 'medipay:pj-registro';

/** `cnpj`: the 14 characters looked up. */
export function prefillFromRegistry(cnpj: string, result: CnpjLookupResult): RegistryPrefill {
  return {
    cnpj,
    address: {
      cep: maskCep(result.cep),
      logradouro: result.logradouro,
      numero: result.numero,
      complemento: result.complemento,
      bairro: result.bairro,
      cidade: result.municipio,
      uf: result.uf.toUpperCase(),
    },
    responsavel: result.sugestoes.responsavel && {
      nome: result.sugestoes.responsavel.nome,
      cargo: result.sugestoes.responsavel.cargo,
    },
    partners: result.qsa
      .filter((partner) => partner.nome.trim())
      .map((partner) => ({
        nome: partner.nome.trim(),
        qualificacao: withoutCode(partner.qual),
        cargo: cargoFromQualification(partner.qual),
      })),
  };
}

export function storePrefill(prefill: RegistryPrefill) {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(prefill));
  } catch {
    // Storage full or disabled: the prefill lasts until the page is left.
  }
}

/** The stored prefill, if it belongs to this CNPJ. */
export function storedPrefill(cnpj: string | undefined): RegistryPrefill | null {
  if (!cnpj) return null;
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as RegistryPrefill;
    if (stored?.cnpj !== cnpj) return null;
    // Kept by an earlier version of the page, without the partners.
    return { ...stored, partners: Array.isArray(stored.partners) ? stored.partners : [] };
  } catch {
    return null;
  }
}
