import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The strength rule of admin passwords, on top of the minimum length of the shared schema:
 * zxcvbn's estimate must reach this score (0-4). 3 means about 10^8 guesses or more ("safely
 * unguessable" against an online attack, fair against a slow offline one on argon2id hashes).
 */
export const ADMIN_PASSWORD_MIN_SCORE = 3;

/** The words of the product, weak in any password of its accounts. */
const productWords = ['medipay', 'admin', 'administrador', 'painel', 'senha'];

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn with the common and the Brazilian Portuguese dictionaries, built on first use (about
 * 0.3 s and a few MB of word lists: the server does not pay for them at start-up unless a
 * password is checked).
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-pt-br'),
  ]).then(
    ([core, common, ptBr]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...ptBr.dictionary },
        graphs: common.adjacencyGraphs,
        translations: ptBr.translations,
      }),
  );
  return estimator;
}

/** What a password of an account must not lean on: who it belongs to. */
export type PasswordOwner = { email?: string; username?: string; name?: string };

/** The owner's e-mail, username and name, whole and in words, lower-cased. */
export function ownerInputs(owner: PasswordOwner): string[] {
  const whole = [owner.email, owner.username, owner.name]
    .filter((value): value is string => Boolean(value))
    .map((value) => value.trim().toLowerCase());
  const words = whole.flatMap((value) => value.split(/[^\p{L}\p{N}]+/u));
  const joined = whole.map((value) => value.replace(/[^\p{L}\p{N}]+/gu, ''));
  return [...new Set([...whole, ...joined, ...words, ...productWords])].filter(
    (value) => value.length >= 3,
  );
}

/** zxcvbn's score (0-4) of a password, given its owner. */
export async function passwordScore(password: string, owner: PasswordOwner = {}): Promise<number> {
  const zxcvbn = await loadEstimator();
  return zxcvbn.check(password, ownerInputs(owner)).score;
}

/**
 * The one strength check of admin passwords (accounts service: API, command line, first start):
 * true when the estimate reaches ADMIN_PASSWORD_MIN_SCORE.
 */
export async function isStrongPassword(password: string, owner: PasswordOwner): Promise<boolean> {
  return (await passwordScore(password, owner)) >= ADMIN_PASSWORD_MIN_SCORE;
}
