/** CNPJs for tests: computed here, independently of the validator under test. */

/** The two check digits of a CNPJ base of 12 characters (0-9/A-Z: ASCII code minus 48). */
export function cnpjFrom(base: string): string {
  const digit = (characters: string) => {
    let sum = 0;
    for (let index = 0; index < characters.length; index += 1) {
      const weight = ((characters.length - 1 - index) % 8) + 2;
      sum += (characters.charCodeAt(index) - 48) * weight;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base);
  return `${base}${first}${digit(`${base}${first}`)}`;
}

/** `AA.AAA.AAA/AAAA-NN`, as typed in the form. */
export const maskedCnpj = (cnpj: string) =>
  `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
