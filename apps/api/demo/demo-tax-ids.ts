import { cpfFrom } from '../test/cpf';

/** A CPF's 11 digits, check digits computed from a 9-digit base. */
export const cpf = (base: number) => cpfFrom(base).replace(/\D/g, '');
