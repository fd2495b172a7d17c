/**
 * `npm run kyc -- <command>`: the identity checks from the operator's shell, on files, without a
 * server or a database.
 *
 *   read-document FILE...   one JSON line per file: the document kind and the fields the product
 *                           would store (fields read with too little confidence are null)
 *   face-match              reads JSON lines {"selfie","selfieDoc","document"} (file paths) on
 *                           standard input, prints one JSON line each: the face match's decision
 *                           (aprovado, em_revisao, reprovado), the similarities and the reasons
 *
 * Relative paths are taken from the folder `npm run` was called in (npm runs workspace scripts
 * inside the workspace; INIT_CWD is where the user was).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { createFaceEngine } from '../modules/kyc/face-engine';
import { evaluateFaceMatch } from '../modules/kyc/face-match';
import { confidentFields, readIdentity } from '../modules/kyc/extraction.service';
import { createOcrEngine } from '../modules/kyc/ocr-engine';

type Output = { out: (text: string) => void; err: (text: string) => void };
type Command = {
  usage: string;
  run: (
    args: string[],
    context: { output: Output; cwd: string; input: Readable },
  ) => Promise<number>;
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
          const stored = confidentFields((await readIdentity(engine, image)).extraction);
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

const faceMatchLineSchema = z.object({
  selfie: z.string().min(1),
  selfieDoc: z.string().min(1),
  document: z.string().min(1),
});

const faceMatch: Command = {
  usage:
    'face-match              lê linhas JSON {"selfie","selfieDoc","document"} na entrada e compara os rostos',
  run: async (args, { output, cwd, input }) => {
    if (args.length > 0) {
      output.err('face-match não recebe argumentos: envie as linhas JSON na entrada padrão.\n');
      return 2;
    }
    // The models load once, on the first line.
    const engine = createFaceEngine();
    let failed = false;
    let lineNumber = 0;
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      lineNumber += 1;
      if (line.trim() === '') continue;
      try {
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          throw new Error('não é um JSON válido');
        }
        const request = faceMatchLineSchema.safeParse(parsed);
        if (!request.success)
          throw new Error('esperado {"selfie","selfieDoc","document"} com caminhos de arquivos');
        const read = (file: string) => readFile(resolve(cwd, file));
        const { selfie, selfieDoc, document } = request.data;
        const outcome = evaluateFaceMatch(
          {
            selfie: await engine.analyse(await read(selfie)),
            selfieDoc: await engine.analyse(await read(selfieDoc)),
            document: await engine.analyseSmallFace(await read(document)),
          },
          engine.similarity,
        );
        const round = (value: number | null) =>
          value === null ? null : Math.round(value * 1000) / 1000;
        output.out(
          `${JSON.stringify({
            decision: outcome.decision,
            similarities: {
              selfieToSelfieDoc: round(outcome.similarities.selfieToSelfieDoc),
              selfieToDocument: round(outcome.similarities.selfieToDocument),
            },
            reasons: outcome.reasons,
          })}\n`,
        );
      } catch (error) {
        failed = true;
        output.err(
          `linha ${lineNumber}: ${error instanceof Error ? error.message : String(error)}\n`,
        );
      }
    }
    return failed ? 1 : 0;
  },
};

/** Subcommands by name. */
const commands: Record<string, Command> = {
  'read-document': readDocument,
  'face-match': faceMatch,
};

export async function runKycCli(
  argv: string[],
  output: Output,
  cwd: string,
  input: Readable = process.stdin,
): Promise<number> {
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
  return command.run(args, { output, cwd, input });
}

// INIT_CWD is where npm was run: not configuration.
// eslint-disable-next-line no-restricted-properties
const callerDir = process.env.INIT_CWD ?? process.cwd();
process.exitCode = await runKycCli(
  process.argv.slice(2),
  { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) },
  callerDir,
);
