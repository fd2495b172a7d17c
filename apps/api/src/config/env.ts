import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { publicConfigDefaults, type PublicConfig } from '@medipay/shared/company';
import { defaultRetentionPeriods } from '@medipay/shared/retention';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable of the portal is declared here with its
 * default; a wrong value stops start-up with a message naming the variable and its rule (never
 * the value, which may be a secret).
 */
const optionalUrl = z.url({ message: 'deve ser uma URL (ex.: https://exemplo.com)' }).optional();
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const namedProxyRanges = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4/IPv6 address, a CIDR range of some (never /0: everyone), or a proxy-addr name. */
function isProxyAddress(entry: string): boolean {
  if (namedProxyRanges.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (family === 4 ? 32 : 128);
}

const trustProxyRule =
  'deve ser vazio (nenhum proxy), o número de proxies à frente do portal (1 a 10) ou a lista ' +
  'dos endereços IP ou faixas CIDR dos proxies, separados por vírgula (ex.: 10.0.0.0/8, ' +
  'fd00::/8); não são aceitos "true" nem faixas /0';

/** How many reverse proxies stand in front of the portal, each adding one X-Forwarded-For entry. */
export type ProxyHops = { hops: number };

/**
 * Whose X-Forwarded-For is believed (Fastify's `trustProxy`, through proxy-addr): nobody (unset,
 * empty or `false`: the client is the socket's address); the proxies at the listed addresses and
 * ranges (the client is the first address, walking back from the socket, that is not one); or a
 * number of hops (`1`: the socket is the proxy, the client is the last X-Forwarded-For entry).
 * A hop count trusts whoever connects, so it is only right where nothing but the proxies can reach
 * the portal (README, Production); a list is the safer choice. `true` and /0 ranges are refused:
 * any client could choose the address that per-IP limits count and the audit records.
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, context): false | string[] | ProxyHops => {
    if (value === undefined || value === '' || value === 'false') return false;
    if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10)
      return { hops: Number(value) };
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({ code: 'custom', message: trustProxyRule });
    return z.NEVER;
  });

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Fastify 5 reads a bare number as "trust nobody", so a
 * hop count becomes proxy-addr's own rule for it: the first `hops` addresses from the socket are
 * proxies.
 */
export function trustProxyOption(
  trust: false | string[] | ProxyHops,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false || Array.isArray(trust)) return trust;
  return (_address, hop) => hop < trust.hops;
}

/**
 * Connections per process when DATABASE_POOL_SIZE is unset: node-postgres's own default. The
 * processes together must stay below the server's max_connections (docs/deploy.md).
 */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** The literal that chooses the built-in MediPay sandbox explicitly (required in production). */
export const MEDIPAY_SANDBOX = 'sandbox';

/** A number of days from 1 to 36,500, with its default. */
const retentionDays = (fallback: number) =>
  z.coerce
    .number({ message: 'deve ser um número inteiro de dias, de 1 a 36500' })
    .int('deve ser um número inteiro de dias, de 1 a 36500')
    .min(1, 'deve ser um número inteiro de dias, de 1 a 36500')
    .max(36_500, 'deve ser um número inteiro de dias, de 1 a 36500')
    .default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce
    .number({ message: 'deve ser um número de porta entre 0 e 65535' })
    .int('deve ser um número de porta entre 0 e 65535')
    .min(0, 'deve ser um número de porta entre 0 e 65535')
    .max(65535, 'deve ser um número de porta entre 0 e 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'deve ser uma URL postgres:// ou postgresql://')
    .optional(),
  /** Connections each process may open to the PostgreSQL server (DATABASE_URL). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'deve ser um número inteiro de 1 a 100' })
    .int('deve ser um número inteiro de 1 a 100')
    .min(1, 'deve ser um número inteiro de 1 a 100')
    .max(100, 'deve ser um número inteiro de 1 a 100')
    .default(DEFAULT_DATABASE_POOL_SIZE),
  SECRET: z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.email('deve ser um e-mail válido').optional(),
  ADMIN_PASSWORD: z.string().min(12, 'deve ter pelo menos 12 caracteres').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'deve ser uma URL smtp:// ou smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('MediPay <nao-responda@medipay.com.br>'),
  SMS_PROVIDER: z.enum(['log', 'zenvia']).default('log'),
  SMS_API_URL: z.url().default('https://api.zenvia.com'),
  SMS_API_TOKEN: z.string().min(1).optional(),
  /** Sender name or number registered with the provider for SMS. */
  SMS_FROM: z.string().min(1).default('MediPay'),
  /** Sender registered for WhatsApp; when set, phone codes go by WhatsApp instead of SMS. */
  WHATSAPP_FROM: z.string().min(1).optional(),
  VIACEP_URL: z.url().default('https://viacep.com.br'),
  BRASILAPI_URL: z.url().default('https://brasilapi.com.br'),
  RECEITAWS_URL: z.url().default('https://receitaws.com.br'),
  /**
   * Where documents are kept: `s3` (the bucket, shared by every process) or `local`
   * (DATA_DIR/documents, this process's disk). Unset: `s3` when S3_BUCKET is set, else `local`.
   */
  STORAGE: z.enum(['local', 's3'], { message: 'deve ser local ou s3' }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('sa-east-1'),
  /** Unset: the AWS SDK's own credential chain (instance role, shared config). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * The platform's base URL, or `sandbox` for the built-in sandbox; unset, the sandbox too, but
   * refused in production, where the sandbox must be chosen explicitly.
   */
  MEDIPAY_API_URL: z
    .string()
    .refine(
      (value) => value === MEDIPAY_SANDBOX || z.url().safeParse(value).success,
      'deve ser uma URL (ex.: https://api.medipay.com.br) ou sandbox',
    )
    .optional(),
  MEDIPAY_API_KEY: z.string().min(1).optional(),
  APP_LOGIN_URL: z.url().default(publicConfigDefaults.appLoginUrl),
  SUPPORT_PHONE: z.string().min(8).default(publicConfigDefaults.supportPhone),
  SUPPORT_EMAIL: z.email('deve ser um e-mail válido').default(publicConfigDefaults.supportEmail),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** `real`: OCR, face match and liveness checks; `sandbox`: deterministic outcomes for demos. */
  KYC_CHECKS: z.enum(['real', 'sandbox']).default('real'),
  /**
   * `true`: every admin enrols an authenticator app at the next login and gives its code at each
   * login. Unset: on in production, off elsewhere (an admin may still enrol).
   */
  REQUIRE_ADMIN_MFA: z.enum(['true', 'false'], { message: 'deve ser true ou false' }).optional(),
  /** Days each kind of record is kept (modules/data-subject/retention.ts, decision 027). */
  RETENTION_ABANDONED_DAYS: retentionDays(defaultRetentionPeriods.abandonedDays),
  RETENTION_DENIED_DAYS: retentionDays(defaultRetentionPeriods.deniedDays),
  RETENTION_CODES_DAYS: retentionDays(defaultRetentionPeriods.codesDays),
  RETENTION_FRAMES_DAYS: retentionDays(defaultRetentionPeriods.framesDays),
  RETENTION_ACCESS_LOGS_DAYS: retentionDays(defaultRetentionPeriods.accessLogsDays),
  TRUST_PROXY: trustProxySchema,
});

type RawEnv = z.infer<typeof envSchema>;

export type Env = Omit<
  RawEnv,
  'PUBLIC_URL' | 'SECRET' | 'DATA_DIR' | 'MEDIPAY_API_URL' | 'STORAGE' | 'REQUIRE_ADMIN_MFA'
> & {
  /** REQUIRE_ADMIN_MFA, or its default: on in production. */
  REQUIRE_ADMIN_MFA: boolean;
  DATA_DIR: string;
  /** The document store, chosen or implied (STORAGE). */
  STORAGE: 'local' | 's3';
  /**
   * What the operator should know at start-up but that does not stop it (Portuguese, logged as
   * warnings by the server): e.g. documents on this process's disk with a server database.
   */
  warnings: string[];
  /** The MediPay platform's base URL; undefined while the built-in sandbox stands in. */
  MEDIPAY_API_URL: string | undefined;
  /**
   * True when the built-in MediPay sandbox stands in for the platform: MEDIPAY_API_URL unset
   * (refused in production) or `sandbox` (the explicit choice, accepted in production).
   */
  medipaySandbox: boolean;
  PUBLIC_URL: string;
  SECRET: string;
  /** False when SECRET was generated and kept in DATA_DIR rather than set by the operator. */
  secretFromEnvironment: boolean;
  publicConfig: PublicConfig;
};

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Configuração inválida:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/**
 * With a server database several processes may run, but documents kept on one process's disk
 * are not seen by the others (a read through another process answers 404): one process only.
 * Outside production, not an error when STORAGE is unset, so that a single process on
 * PostgreSQL set up before STORAGE existed still starts; the warning asks for the choice. In
 * production the choice is required (parseEnv).
 */
function localStorageWarning(chosen: 'local' | 's3' | undefined): string {
  const where =
    'os documentos ficam no disco deste processo (DATA_DIR/documents) e nenhum outro processo ' +
    'os lê: rode um único processo do portal com este DATABASE_URL';
  return chosen === 'local'
    ? `STORAGE=local com DATABASE_URL: ${where}. Para vários processos, use STORAGE=s3 com S3_BUCKET.`
    : `STORAGE não definido com DATABASE_URL: ${where}. Escolha STORAGE=local (um processo) ou ` +
        'STORAGE=s3 com S3_BUCKET (vários processos).';
}

/** Keeps the generated SECRET in DATA_DIR so sessions and signatures survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, emptyToUndefined(source[key])]),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        // The variable and its rule, never the value: SECRET, passwords, tokens and URLs with
        // credentials would otherwise end up in the start-up output and its logs.
        const name = issue.path.join('.');
        return cleaned[name] === undefined
          ? `${name}: obrigatório; ${issue.message}`
          : `${name}: ${issue.message}`;
      }),
    );
  }
  const env = result.data;
  const problems: string[] = [];
  if (env.SMS_PROVIDER !== 'log' && !env.SMS_API_TOKEN) {
    problems.push(`SMS_API_TOKEN: obrigatório quando SMS_PROVIDER=${env.SMS_PROVIDER}`);
  }
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    problems.push('SMTP_URL: obrigatório em produção (sem ele nenhum e-mail seria entregue)');
  }
  const medipaySandboxChosen = env.MEDIPAY_API_URL === MEDIPAY_SANDBOX;
  if (medipaySandboxChosen && env.MEDIPAY_API_KEY) {
    problems.push(
      'MEDIPAY_API_KEY: não se usa com MEDIPAY_API_URL=sandbox (o sandbox embutido tem a sua chave)',
    );
  } else if (
    !medipaySandboxChosen &&
    Boolean(env.MEDIPAY_API_URL) !== Boolean(env.MEDIPAY_API_KEY)
  ) {
    problems.push('MEDIPAY_API_URL e MEDIPAY_API_KEY: informe os dois ou nenhum (sandbox)');
  } else if (env.NODE_ENV === 'production' && env.MEDIPAY_API_URL === undefined) {
    problems.push(
      'MEDIPAY_API_URL e MEDIPAY_API_KEY: obrigatórios em produção (sem eles nenhuma conta real ' +
        'seria aberta); para usar o sandbox embutido, escolha-o com MEDIPAY_API_URL=sandbox',
    );
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY: informe os dois ou nenhum');
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL e ADMIN_PASSWORD: informe os dois ou nenhum');
  }
  const storage = env.STORAGE ?? (env.S3_BUCKET ? 's3' : 'local');
  if (storage === 's3' && !env.S3_BUCKET) {
    problems.push('S3_BUCKET: obrigatório quando STORAGE=s3 (o nome do bucket dos documentos)');
  }
  if (env.STORAGE === 'local' && env.S3_BUCKET) {
    problems.push(
      'S3_BUCKET: não se usa com STORAGE=local (os documentos ficariam no disco deste processo); ' +
        'para guardá-los no bucket, use STORAGE=s3',
    );
  }
  if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.STORAGE) {
    problems.push(
      'STORAGE: obrigatório em produção com DATABASE_URL; escolha STORAGE=s3 com S3_BUCKET ' +
        '(vários processos) ou STORAGE=local (um único processo, documentos no disco dele)',
    );
  }
  if (env.NODE_ENV === 'production' && env.KYC_CHECKS === 'sandbox') {
    problems.push('KYC_CHECKS: sandbox não é permitido em produção (use real)');
  }
  if (problems.length > 0) throw new EnvError(problems);

  const warnings: string[] = [];
  if (env.DATABASE_URL && storage === 'local') warnings.push(localStorageWarning(env.STORAGE));

  const dataDir = resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    STORAGE: storage,
    warnings,
    MEDIPAY_API_URL: medipaySandboxChosen ? undefined : env.MEDIPAY_API_URL,
    medipaySandbox: medipaySandboxChosen || env.MEDIPAY_API_URL === undefined,
    REQUIRE_ADMIN_MFA:
      env.REQUIRE_ADMIN_MFA === undefined
        ? env.NODE_ENV === 'production'
        : env.REQUIRE_ADMIN_MFA === 'true',
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    SECRET: env.SECRET ?? loadOrCreateSecret(dataDir),
    secretFromEnvironment: env.SECRET !== undefined,
    publicConfig: {
      supportPhone: env.SUPPORT_PHONE,
      supportEmail: env.SUPPORT_EMAIL,
      appLoginUrl: env.APP_LOGIN_URL,
      kycSandbox: env.KYC_CHECKS === 'sandbox',
    },
  };
}

/** Reads the process environment once, at start-up. */
export function loadEnv(): Env {
  return parseEnv(process.env);
}

/**
 * loadEnv for a process's entry point (the server, the operator's commands): a bad value is
 * reported in Portuguese, naming it, and the process exits.
 */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\nVeja .env.example para os valores aceitos.\n`);
      process.exit(1);
    }
    throw error;
  }
}
