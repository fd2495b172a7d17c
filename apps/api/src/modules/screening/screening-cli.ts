/**
 * `npm run screening -- <command>`: the official lists and the matching from the operator's
 * shell, on the database the environment configures (as the server would).
 *
 *   import pep|ceis|cnep|unsc FILE   makes the file the list's version in force (one
 *                                    transaction: a bad file is refused with its line and the
 *                                    reason, and the version in force stays), then screens the
 *                                    open and approved applications against what changed
 *   match                            reads JSON lines {"name","cpf","birthDate","kind","cnpj"}
 *                                    (all but name optional; birthDate dd/MM/yyyy; tax ids with
 *                                    or without their mask) on standard input and prints one
 *                                    JSON line each, in order: {"hits":[{"list","entryId","name",
 *                                    "score","reasons"}]}, the hits at or above the alert
 *                                    threshold against the lists in force
 */
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { isoIfReal, ListFileError, type ListKind } from './list-types';
import type { ScreeningQuery } from './matcher';
import type { Screening } from './screening.service';

type Output = { out: (text: string) => void; err: (text: string) => void };

export type ScreeningCliContext = {
  screening: Pick<Screening, 'importList' | 'rescreenAfterImports' | 'match'>;
  output: Output;
  /** Where relative file names are taken from. */
  cwd: string;
  input: Readable;
  /** Who imports (the shell's user), for the list version and the audit trail. */
  operator: string;
};

const lists = ['pep', 'ceis', 'cnep', 'unsc'] as const;

const matchLineSchema = z.object({
  name: z.string().trim().min(1),
  kind: z.enum(['PF', 'PJ']).optional(),
  cpf: z.string().nullish(),
  cnpj: z.string().nullish(),
  birthDate: z.string().nullish(),
});

/** dd/MM/yyyy (or yyyy-MM-dd) → ISO; anything else → undefined. */
function birthDateIso(value: string): string | undefined {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (br) return isoIfReal(Number(br[3]), Number(br[2]), Number(br[1]));
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (iso) return isoIfReal(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return undefined;
}

/**
 * A line of `match` as the queries it makes, or the reason it is not one (in Portuguese). Without
 * a `kind`, a CPF means a person and a CNPJ a company; with neither, the name is screened both
 * as a person's and as a company's.
 */
export function parseMatchLine(line: string): ScreeningQuery[] | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return 'não é um JSON válido';
  }
  const request = matchLineSchema.safeParse(parsed);
  if (!request.success) {
    return 'esperado {"name", "cpf", "birthDate", "kind": "PF" ou "PJ", "cnpj"} com ao menos "name"';
  }
  const { name, cpf, cnpj, birthDate } = request.data;
  const cpfDigits = cpf ? cpf.replace(/\D/g, '') : null;
  if (cpfDigits !== null && cpfDigits.length !== 11) return 'CPF deve ter 11 dígitos';
  const cnpjChars = cnpj ? cnpj.toUpperCase().replace(/[^0-9A-Z]/g, '') : null;
  if (cnpjChars !== null && cnpjChars.length !== 14) return 'CNPJ deve ter 14 caracteres';
  let birth: string | null = null;
  if (birthDate) {
    const iso = birthDateIso(birthDate);
    if (!iso) return 'birthDate deve ser uma data dd/MM/aaaa';
    birth = iso;
  }
  const kinds: ('PF' | 'PJ')[] = request.data.kind
    ? [request.data.kind]
    : cpfDigits
      ? ['PF']
      : cnpjChars
        ? ['PJ']
        : ['PF', 'PJ'];
  return kinds.map((kind) => ({ name, kind, cpf: cpfDigits, cnpj: cnpjChars, birthDate: birth }));
}

async function importCommand(args: string[], context: ScreeningCliContext): Promise<number> {
  const { output, screening } = context;
  const [list, file, ...rest] = args;
  if (!list || !(lists as readonly string[]).includes(list) || !file || rest.length > 0) {
    output.err('Uso: screening import pep|ceis|cnep|unsc ARQUIVO\n');
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(resolve(context.cwd, file));
  } catch {
    output.err(`Não foi possível ler o arquivo ${file}.\n`);
    return 1;
  }
  try {
    const result = await screening.importList(list as ListKind, bytes, {
      fileName: basename(file),
      importedBy: context.operator,
    });
    output.out(
      `${list}: versão ${result.version} em vigor, ${result.rowCount} registros ` +
        `(${result.added} novos, ${result.edited} alterados, ${result.removed} retirados).\n`,
    );
  } catch (error) {
    if (error instanceof ListFileError) {
      output.err(`Arquivo recusado: ${error.message}\nA versão em vigor foi mantida.\n`);
      return 1;
    }
    throw error;
  }
  for (const run of await screening.rescreenAfterImports()) {
    output.out(
      `${run.list} versão ${run.version}: ${run.applications} propostas reavaliadas contra ` +
        `${run.changedEntries} registros novos ou alterados; ${run.hits} novas ocorrências.\n`,
    );
  }
  return 0;
}

async function matchCommand(args: string[], context: ScreeningCliContext): Promise<number> {
  const { output, screening, input } = context;
  if (args.length > 0) {
    output.err('match não recebe argumentos: envie as linhas JSON na entrada padrão.\n');
    return 2;
  }
  let failed = false;
  let lineNumber = 0;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    const queries = parseMatchLine(line);
    if (typeof queries === 'string') {
      failed = true;
      output.err(`linha ${lineNumber}: ${queries}\n`);
      continue;
    }
    const hits = (await Promise.all(queries.map((query) => screening.match(query))))
      .flat()
      .sort((a, b) => b.score - a.score || a.entryId.localeCompare(b.entryId));
    output.out(
      `${JSON.stringify({
        hits: hits.map((hit) => ({
          list: hit.list,
          entryId: hit.entryId,
          name: hit.name,
          score: hit.score,
          reasons: hit.reasons,
        })),
      })}\n`,
    );
  }
  return failed ? 1 : 0;
}

export async function runScreeningCli(
  argv: string[],
  context: ScreeningCliContext,
): Promise<number> {
  const [name, ...args] = argv;
  if (name === 'import') return importCommand(args, context);
  if (name === 'match') return matchCommand(args, context);
  context.output.err(
    'Uso: npm run screening -- <comando>\n\nComandos:\n' +
      '  import pep|ceis|cnep|unsc ARQUIVO   importa a lista publicada como nova versão\n' +
      '  match                               lê linhas JSON na entrada e imprime as ocorrências\n',
  );
  return 2;
}
