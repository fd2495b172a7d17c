/**
 * `npm run kyc -- <command>`: the identity checks from the operator's shell, on files, without a
 * server or a database.
 *
 *   read-document FILE...   one JSON line per file: the document kind and the fields the product
 *                           would store (fields read with too little confidence are null)
 *
 * Relative paths are taken from the folder `npm run` was called in (npm runs workspace scripts
 * inside the workspace; INIT_CWD is where the user was).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { confidentFields } from '../modules/kyc/extraction.service';
import { parseIdentity } from '../modules/kyc/identity-fields';
import { createOcrEngine } from '../modules/kyc/ocr-engine';

type Output = { out: (text: string) => void; err: (text: string) => void };
type Command = {
  usage: string;
  run: (args: string[], context: { output: Output; cwd: string }) => Promise<number>;
};

const fieldNames = ['nome', 'numero', 'orgao', 'uf', 'validade'] as const;

const readDocument: Command = {
  usage: 'read-document FILE...   lê os campos de documentos de identidade (RG, CIN, CNH)',
  run: async (files, { output, cwd }) => {
    if (files.length === 0) {
      output.err('Informe ao menos um arquivo: kyc read-document FOTO.jpg [...]\n');
      return 2;
    }
    const engine = createOcrEngine();
    let failed = false;
    try {
      for (const file of files) {
        try {
          const image = await readFile(resolve(cwd, file));
          const stored = confidentFields(parseIdentity((await engine.read(image)).lines));
          output.out(
            `${JSON.stringify({
              file,
              kind: stored.kind,
              fields: Object.fromEntries(
                fieldNames.map((name) => [name, stored[name]?.value ?? null]),
              ),
              confidence: Object.fromEntries(
                fieldNames.map((name) => [
                  name,
                  stored[name] ? Math.round(stored[name].confidence * 1000) / 1000 : null,
                ]),
              ),
            })}\n`,
          );
        } catch (error) {
          failed = true;
          output.err(`${file}: ${error instanceof Error ? error.message : String(error)}\n`);
        }
      }
    } finally {
      await engine.close();
    }
    return failed ? 1 : 0;
  },
};

/** Subcommands by name. The face match will join here as `face-match`. */
const commands: Record<string, Command> = {
  'read-document': readDocument,
};

export async function runKycCli(argv: string[], output: Output, cwd: string): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    output.err(
      `Uso: npm run kyc -- <comando> [argumentos]\n\nComandos:\n${Object.values(commands)
        .map((entry) => `  ${entry.usage}`)
        .join('\n')}\n`,
    );
    return 2;
  }
  return command.run(args, { output, cwd });
}

// INIT_CWD is where npm was run: not configuration.
// eslint-disable-next-line no-restricted-properties
const callerDir = process.env.INIT_CWD ?? process.cwd();
process.exitCode = await runKycCli(
  process.argv.slice(2),
  { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) },
  callerDir,
);
