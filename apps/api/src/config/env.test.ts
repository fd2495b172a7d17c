import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultRetentionPeriods } from '@medipay/shared/retention';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_POOL_SIZE, EnvError, parseEnv, trustProxyOption } from './env';

const tempDir = () => mkdtempSync(join(tmpdir(), 'medipay-env-'));

function errorOf(source: Record<string, string>): EnvError {
  try {
    parseEnv({ DATA_DIR: tempDir(), ...source });
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error('parseEnv accepted the configuration');
}

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({ DATA_DIR: tempDir() });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMS_PROVIDER).toBe('log');
    expect(env.VIACEP_URL).toBe('https://viacep.com.br');
    expect(env.publicConfig.appLoginUrl).toBe(env.APP_LOGIN_URL);
  });

  it.each([['abc'], ['-1'], ['70000'], ['3.5']])('refuses PORT=%s naming PORT', (port) => {
    const error = errorOf({ PORT: port });
    expect(error.issues).toEqual(['PORT: deve ser um número de porta entre 0 e 65535']);
  });

  it('names every wrong variable at once', () => {
    const error = errorOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' });
    expect(error.issues.map((issue) => issue.split(':')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'SMTP_URL',
    ]);
  });

  it('refuses to run in production without SMTP', () => {
    expect(errorOf({ NODE_ENV: 'production' }).message).toMatch(
      /SMTP_URL: obrigatório em produção/,
    );
    expect(
      parseEnv({
        DATA_DIR: tempDir(),
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail:25',
        SECRET: 'x'.repeat(32),
        MEDIPAY_API_URL: 'sandbox',
      }).SMTP_URL,
    ).toBe('smtp://mail:25');
  });

  it('requires the admins second factor in production unless told otherwise, and elsewhere only when told', () => {
    const production = {
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com',
      MEDIPAY_API_URL: 'sandbox',
    };
    expect(parseEnv(production).REQUIRE_ADMIN_MFA).toBe(true);
    expect(parseEnv({ ...production, REQUIRE_ADMIN_MFA: 'false' }).REQUIRE_ADMIN_MFA).toBe(false);
    expect(parseEnv({ DATA_DIR: tempDir() }).REQUIRE_ADMIN_MFA).toBe(false);
    expect(parseEnv({ DATA_DIR: tempDir(), REQUIRE_ADMIN_MFA: 'true' }).REQUIRE_ADMIN_MFA).toBe(
      true,
    );
    expect(errorOf({ REQUIRE_ADMIN_MFA: 'sim' }).issues).toEqual([
      'REQUIRE_ADMIN_MFA: deve ser true ou false',
    ]);
  });

  it('takes the retention periods in days, with the defaults the privacy page states', () => {
    const env = parseEnv({ DATA_DIR: tempDir(), RETENTION_ABANDONED_DAYS: '30' });
    expect(env.RETENTION_ABANDONED_DAYS).toBe(30);
    expect(env.RETENTION_DENIED_DAYS).toBe(defaultRetentionPeriods.deniedDays);
    expect(env.RETENTION_ACCESS_LOGS_DAYS).toBe(defaultRetentionPeriods.accessLogsDays);
    expect(errorOf({ RETENTION_CODES_DAYS: '0' }).issues).toEqual([
      'RETENTION_CODES_DAYS: deve ser um número inteiro de dias, de 1 a 36500',
    ]);
  });

  it('requires the credentials of a chosen SMS provider', () => {
    expect(errorOf({ SMS_PROVIDER: 'zenvia' }).message).toMatch(/SMS_API_TOKEN: obrigatório/);
    expect(errorOf({ SMS_PROVIDER: 'twilio' }).message).toMatch(/SMS_PROVIDER/);
  });

  it('uses the real identity checks by default and refuses the KYC sandbox in production', () => {
    const env = parseEnv({ DATA_DIR: tempDir() });
    expect(env.KYC_CHECKS).toBe('real');
    expect(env.publicConfig.kycSandbox).toBe(false);
    expect(parseEnv({ DATA_DIR: tempDir(), KYC_CHECKS: 'sandbox' }).publicConfig.kycSandbox).toBe(
      true,
    );
    const error = errorOf({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com',
      MEDIPAY_API_URL: 'sandbox',
      KYC_CHECKS: 'sandbox',
    });
    expect(error.issues).toEqual(['KYC_CHECKS: sandbox não é permitido em produção (use real)']);
  });

  it('requires MEDIPAY_API_URL and MEDIPAY_API_KEY together', () => {
    expect(errorOf({ MEDIPAY_API_URL: 'https://api.example.com' }).message).toMatch(
      /MEDIPAY_API_URL e MEDIPAY_API_KEY/,
    );
  });

  describe('the MediPay platform', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' };

    it('uses the built-in sandbox by default outside production', () => {
      for (const NODE_ENV of ['development', 'test']) {
        const env = parseEnv({ DATA_DIR: tempDir(), NODE_ENV });
        expect(env.medipaySandbox).toBe(true);
        expect(env.MEDIPAY_API_URL).toBeUndefined();
      }
    });

    it('refuses to start in production on the sandbox unless it is chosen explicitly', () => {
      expect(errorOf(production).issues).toEqual([
        'MEDIPAY_API_URL e MEDIPAY_API_KEY: obrigatórios em produção (sem eles nenhuma conta ' +
          'real seria aberta); para usar o sandbox embutido, escolha-o com MEDIPAY_API_URL=sandbox',
      ]);
      const chosen = parseEnv({ DATA_DIR: tempDir(), ...production, MEDIPAY_API_URL: 'sandbox' });
      expect(chosen.medipaySandbox).toBe(true);
      expect(chosen.MEDIPAY_API_URL).toBeUndefined();
    });

    it('uses the platform when both variables are set, in production too', () => {
      const env = parseEnv({
        DATA_DIR: tempDir(),
        ...production,
        MEDIPAY_API_URL: 'https://api.medipay.example',
        MEDIPAY_API_KEY: 'mp_live_key',
      });
      expect(env.medipaySandbox).toBe(false);
      expect(env.MEDIPAY_API_URL).toBe('https://api.medipay.example');
    });

    it('refuses a key with the sandbox, and a value that is neither a URL nor sandbox', () => {
      expect(
        errorOf({ MEDIPAY_API_URL: 'sandbox', MEDIPAY_API_KEY: 'mp_key_secreta' }).issues,
      ).toEqual([
        'MEDIPAY_API_KEY: não se usa com MEDIPAY_API_URL=sandbox (o sandbox embutido tem a sua chave)',
      ]);
      const error = errorOf({ MEDIPAY_API_URL: 'Sandbox-x', MEDIPAY_API_KEY: 'k' });
      expect(error.issues).toEqual([
        'MEDIPAY_API_URL: deve ser uma URL (ex.: https://api.medipay.com.br) ou sandbox',
      ]);
    });
  });

  describe('TRUST_PROXY', () => {
    const trustProxyOf = (value: string | undefined, NODE_ENV = 'production') =>
      parseEnv({
        DATA_DIR: tempDir(),
        NODE_ENV,
        SMTP_URL: 'smtp://mail.example.com',
        MEDIPAY_API_URL: 'sandbox',
        TRUST_PROXY: value,
      }).TRUST_PROXY;

    it('trusts no proxy when unset, empty or false, in every NODE_ENV', () => {
      for (const NODE_ENV of ['development', 'test', 'production']) {
        for (const value of [undefined, '', '  ', 'false']) {
          expect(trustProxyOf(value, NODE_ENV), `${NODE_ENV} ${value}`).toBe(false);
        }
      }
    });

    it('accepts a comma-separated list of IPv4/IPv6 addresses, CIDR ranges and named ranges', () => {
      expect(trustProxyOf('10.0.0.0/8, 192.168.1.10,fd00::/8, ::1 ,2001:db8::7, loopback')).toEqual(
        ['10.0.0.0/8', '192.168.1.10', 'fd00::/8', '::1', '2001:db8::7', 'loopback'],
      );
    });

    it('accepts a number of proxy hops in front of the portal, 1 to 10', () => {
      expect(trustProxyOf('1')).toEqual({ hops: 1 });
      expect(trustProxyOf(' 2 ')).toEqual({ hops: 2 });
      // Fastify reads a bare number as "trust nobody": the hops become proxy-addr's rule.
      const trust = trustProxyOption({ hops: 1 });
      expect(typeof trust).toBe('function');
      const rule = trust as (address: string, hop: number) => boolean;
      expect([rule('10.0.0.2', 0), rule('203.0.113.9', 1)]).toEqual([true, false]);
      expect(trustProxyOption(false)).toBe(false);
      expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    });

    it.each([
      ['true'],
      ['11'],
      ['0'],
      ['-1'],
      ['1.5'],
      ['0.0.0.0/0'],
      ['::/0'],
      ['10.0.0.0/33'],
      ['fd00::/129'],
      ['10.0.0.0/8/1'],
      ['10.0.0.256'],
      ['proxy.interno.example'],
      ['10.0.0.1,'],
      ['10.0.0.1;10.0.0.2'],
    ])('refuses TRUST_PROXY=%s, naming the variable and its rule, not the value', (value) => {
      const error = errorOf({ TRUST_PROXY: value });
      expect(error.issues).toHaveLength(1);
      expect(error.issues[0]).toMatch(/^TRUST_PROXY: deve ser vazio \(nenhum proxy\)/);
      expect(error.issues[0]).toContain('não são aceitos "true" nem faixas /0');
      if (value.length > 4) expect(error.message).not.toContain(value);
    });
  });

  describe('document store (STORAGE)', () => {
    const databaseUrl = 'postgres://medipay@db.internal:5432/medipay';
    const bucket = { S3_BUCKET: 'medipay-documentos' };

    it('keeps documents on the local disk by default with the embedded database, without a warning', () => {
      const env = parseEnv({ DATA_DIR: tempDir() });
      expect(env.STORAGE).toBe('local');
      expect(env.warnings).toEqual([]);
    });

    it('uses the bucket with STORAGE=s3 and S3_BUCKET, with either database', () => {
      for (const database of [{}, { DATABASE_URL: databaseUrl }]) {
        const env = parseEnv({ DATA_DIR: tempDir(), STORAGE: 's3', ...bucket, ...database });
        expect(env.STORAGE).toBe('s3');
        expect(env.S3_BUCKET).toBe('medipay-documentos');
        expect(env.warnings).toEqual([]);
      }
    });

    it('refuses STORAGE=s3 without S3_BUCKET, and any other value of STORAGE', () => {
      expect(errorOf({ STORAGE: 's3', DATABASE_URL: databaseUrl }).issues).toEqual([
        'S3_BUCKET: obrigatório quando STORAGE=s3 (o nome do bucket dos documentos)',
      ]);
      expect(errorOf({ STORAGE: 'disco' }).issues).toEqual(['STORAGE: deve ser local ou s3']);
    });

    it('refuses S3_BUCKET with STORAGE=local: the documents would not go to the bucket', () => {
      expect(errorOf({ STORAGE: 'local', ...bucket }).issues).toEqual([
        'S3_BUCKET: não se usa com STORAGE=local (os documentos ficariam no disco deste ' +
          'processo); para guardá-los no bucket, use STORAGE=s3',
      ]);
    });

    it('warns that only one process may run with STORAGE=local and a server database', () => {
      const env = parseEnv({ DATA_DIR: tempDir(), STORAGE: 'local', DATABASE_URL: databaseUrl });
      expect(env.STORAGE).toBe('local');
      expect(env.warnings).toEqual([
        'STORAGE=local com DATABASE_URL: os documentos ficam no disco deste processo ' +
          '(DATA_DIR/documents) e nenhum outro processo os lê: rode um único processo do portal ' +
          'com este DATABASE_URL. Para vários processos, use STORAGE=s3 com S3_BUCKET.',
      ]);
    });

    it('without STORAGE and a server database: local, as before, with a warning asking for the choice', () => {
      const env = parseEnv({ DATA_DIR: tempDir(), DATABASE_URL: databaseUrl });
      expect(env.STORAGE).toBe('local');
      expect(env.warnings).toHaveLength(1);
      expect(env.warnings[0]).toMatch(/^STORAGE não definido com DATABASE_URL: /);
      expect(env.warnings[0]).toContain('rode um único processo');
      expect(env.warnings[0]).toContain(
        'Escolha STORAGE=local (um processo) ou STORAGE=s3 com S3_BUCKET (vários processos).',
      );
    });

    it('requires the choice in production with a server database, and only there', () => {
      const rule =
        'STORAGE: obrigatório em produção com DATABASE_URL; escolha STORAGE=s3 com S3_BUCKET ' +
        '(vários processos) ou STORAGE=local (um único processo, documentos no disco dele)';
      const production = {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.internal:25',
        MEDIPAY_API_URL: 'sandbox',
        DATA_DIR: tempDir(),
      };
      expect(errorOf({ ...production, DATABASE_URL: databaseUrl }).issues).toEqual([rule]);
      expect(errorOf({ ...production, DATABASE_URL: databaseUrl, ...bucket }).issues).toEqual([
        rule,
      ]);
      expect(
        parseEnv({ ...production, DATABASE_URL: databaseUrl, STORAGE: 's3', ...bucket }).STORAGE,
      ).toBe('s3');
      expect(
        parseEnv({ ...production, DATABASE_URL: databaseUrl, STORAGE: 'local' }).warnings,
      ).toHaveLength(1);
      expect(parseEnv(production).STORAGE).toBe('local');
    });

    it('without STORAGE, S3_BUCKET still chooses the bucket (configurations made before STORAGE)', () => {
      const env = parseEnv({ DATA_DIR: tempDir(), DATABASE_URL: databaseUrl, ...bucket });
      expect(env.STORAGE).toBe('s3');
      expect(env.warnings).toEqual([]);
    });
  });

  describe('DATABASE_POOL_SIZE', () => {
    it(`defaults to ${DEFAULT_DATABASE_POOL_SIZE} connections per process`, () => {
      expect(DEFAULT_DATABASE_POOL_SIZE).toBe(10);
      expect(parseEnv({ DATA_DIR: tempDir() }).DATABASE_POOL_SIZE).toBe(10);
      expect(parseEnv({ DATA_DIR: tempDir(), DATABASE_POOL_SIZE: '' }).DATABASE_POOL_SIZE).toBe(10);
    });

    it('takes a whole number from 1 to 100', () => {
      expect(parseEnv({ DATA_DIR: tempDir(), DATABASE_POOL_SIZE: '1' }).DATABASE_POOL_SIZE).toBe(1);
      expect(parseEnv({ DATA_DIR: tempDir(), DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(
        25,
      );
      expect(parseEnv({ DATA_DIR: tempDir(), DATABASE_POOL_SIZE: '100' }).DATABASE_POOL_SIZE).toBe(
        100,
      );
    });

    it.each([['0'], ['101'], ['2.5'], ['dez'], ['-4']])(
      'refuses DATABASE_POOL_SIZE=%s',
      (value) => {
        expect(errorOf({ DATABASE_POOL_SIZE: value }).issues).toEqual([
          'DATABASE_POOL_SIZE: deve ser um número inteiro de 1 a 100',
        ]);
      },
    );
  });

  it('treats an empty value as unset', () => {
    const env = parseEnv({ DATA_DIR: tempDir(), PORT: '', DATABASE_URL: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('generates SECRET once, keeps it in DATA_DIR (owner-only) and reuses it', () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const first = parseEnv({ DATA_DIR: dataDir });
    const second = parseEnv({ DATA_DIR: dataDir });
    expect(first.SECRET.length).toBeGreaterThanOrEqual(48);
    expect(second.SECRET).toBe(first.SECRET);
    expect(first.secretFromEnvironment).toBe(false);
    const file = join(dataDir, 'secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.SECRET);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('uses an operator SECRET without writing one', () => {
    const env = parseEnv({ DATA_DIR: tempDir(), SECRET: 'x'.repeat(40) });
    expect(env.SECRET).toBe('x'.repeat(40));
    expect(env.secretFromEnvironment).toBe(true);
  });

  it('refuses a short SECRET', () => {
    expect(errorOf({ SECRET: 'short' }).message).toMatch(
      /SECRET: deve ter pelo menos 32 caracteres/,
    );
  });

  it.each([
    ['SECRET', 'segredo-curto-9f3k'],
    ['ADMIN_PASSWORD', 'senha-7Qx'],
    ['DATABASE_URL', 'mysql://medipay:s3nh4-do-banco@db.internal/medipay'],
    ['SMTP_URL', 'http://mailer:s3nh4-do-smtp@mail.internal'],
  ] as const)('names %s and its rule, never its value', (name, value) => {
    const source: Record<string, string> = { [name]: value };
    if (name === 'ADMIN_PASSWORD') source.ADMIN_EMAIL = 'admin@example.com';
    const error = errorOf(source);
    expect(error.message).toContain(`${name}: `);
    expect(error.message).not.toContain(value);
    expect(error.message).not.toContain('recebido');
  });
});
