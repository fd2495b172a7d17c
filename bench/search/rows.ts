// The rows of the search benchmark: varied names with accents, e-mails, CPFs, protocolos,
// statuses and dates, made by PostgreSQL (seedSql: INSERT ... SELECT generate_series, on PGlite)
// or here (copyLines: COPY text, on PostgreSQL), the same rows either way.

// Names as people write them (accents included); e-mails use the same names without accents.
export const firstNames = [
  ['João', 'joao'],
  ['Maria', 'maria'],
  ['José', 'jose'],
  ['Ana', 'ana'],
  ['Antônio', 'antonio'],
  ['Francisca', 'francisca'],
  ['Carlos', 'carlos'],
  ['Márcia', 'marcia'],
  ['Paulo', 'paulo'],
  ['Adriana', 'adriana'],
  ['Pedro', 'pedro'],
  ['Juliana', 'juliana'],
  ['Lucas', 'lucas'],
  ['Fernanda', 'fernanda'],
  ['Luís', 'luis'],
  ['Patrícia', 'patricia'],
  ['Marcos', 'marcos'],
  ['Aline', 'aline'],
  ['Luiz', 'luiz'],
  ['Sandra', 'sandra'],
  ['Gabriel', 'gabriel'],
  ['Camila', 'camila'],
  ['Rafael', 'rafael'],
  ['Amanda', 'amanda'],
  ['Daniel', 'daniel'],
  ['Bruna', 'bruna'],
  ['Marcelo', 'marcelo'],
  ['Letícia', 'leticia'],
  ['Bruno', 'bruno'],
  ['Júlia', 'julia'],
  ['Eduardo', 'eduardo'],
  ['Vitória', 'vitoria'],
  ['Felipe', 'felipe'],
  ['Beatriz', 'beatriz'],
  ['Raimundo', 'raimundo'],
  ['Cecília', 'cecilia'],
  ['Rodrigo', 'rodrigo'],
  ['Sônia', 'sonia'],
  ['Thiago', 'thiago'],
  ['Inês', 'ines'],
] as const;
export const surnames = [
  ['Silva', 'silva'],
  ['Santos', 'santos'],
  ['Oliveira', 'oliveira'],
  ['Souza', 'souza'],
  ['Rodrigues', 'rodrigues'],
  ['Ferreira', 'ferreira'],
  ['Alves', 'alves'],
  ['Pereira', 'pereira'],
  ['Lima', 'lima'],
  ['Gomes', 'gomes'],
  ['Costa', 'costa'],
  ['Ribeiro', 'ribeiro'],
  ['Martins', 'martins'],
  ['Carvalho', 'carvalho'],
  ['Almeida', 'almeida'],
  ['Lopes', 'lopes'],
  ['Soares', 'soares'],
  ['Fernandes', 'fernandes'],
  ['Vieira', 'vieira'],
  ['Barbosa', 'barbosa'],
  ['Rocha', 'rocha'],
  ['Dias', 'dias'],
  ['Nascimento', 'nascimento'],
  ['Andrade', 'andrade'],
  ['Moreira', 'moreira'],
  ['Nunes', 'nunes'],
  ['Marques', 'marques'],
  ['Machado', 'machado'],
  ['Mendes', 'mendes'],
  ['Freitas', 'freitas'],
  ['Cardoso', 'cardoso'],
  ['Ramos', 'ramos'],
  ['Gonçalves', 'goncalves'],
  ['Santana', 'santana'],
  ['Teixeira', 'teixeira'],
  ['Araújo', 'araujo'],
  ['Conceição', 'conceicao'],
  ['Magalhães', 'magalhaes'],
  ['Brandão', 'brandao'],
  ['Simões', 'simoes'],
  ['Assunção', 'assuncao'],
  ['Falcão', 'falcao'],
  ['Guimarães', 'guimaraes'],
  ['Loureiro', 'loureiro'],
  ['Peçanha', 'pecanha'],
  ['Sá', 'sa'],
  ['Tavares', 'tavares'],
  ['Xavier', 'xavier'],
  ['Quintão', 'quintao'],
  ['Benício', 'benicio'],
] as const;
export const domains = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br'];

const sqlArray = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]`;

/** The values of row g, mirrored in TypeScript to pick terms that exist. */
export const cpfOf = (g: number) =>
  String((BigInt(g) * 2654435761n) % 100_000_000_000n).padStart(11, '0');

/**
 * Row g (1-based). h(k) is a per-row pseudo-random integer (hashint4). Status: 5% abandoned
 * sessions (INICIADO, step 1, no name), 5% INICIADO further on, then EM_ANALISE 20%,
 * EM_EXIGENCIA 10%, APROVADO 40%, NEGADO 15%, REJEITADO 5%. One row a minute and a half or so:
 * 1,000 rows a day, protocolos unique per day.
 */
export function seedSql(from: number, to: number): string {
  const h = (salt: number) => `abs(hashint4(g + ${salt}))`;
  return `
    insert into applicant_sessions (id, flow, created_at, last_seen_at)
    select 'sess_bench_' || g, 'PF', at, at
    from (select g, timestamptz '2024-01-01 03:00:00+00' + (g / 1000) * interval '1 day'
                   + (g % 1000) * interval '86 seconds' as at
          from generate_series(${from}, ${to}) g) s;
    insert into onboarding_pf (session_id, nome_completo, email, cpf, telefone, protocolo, status,
                               current_step, created_at, updated_at, submitted_at, analisado_por,
                               analisado_em)
    select 'sess_bench_' || g,
           case when kind < 5 then null
                else (${sqlArray(firstNames.map(([name]) => name))})[1 + f] || ' ' ||
                     (${sqlArray(surnames.map(([name]) => name))})[1 + s1] || ' ' ||
                     (${sqlArray(surnames.map(([name]) => name))})[1 + s2] end,
           case when kind < 5 then null
                else (${sqlArray(firstNames.map(([, ascii]) => ascii))})[1 + f] || '.' ||
                     (${sqlArray(surnames.map(([, ascii]) => ascii))})[1 + s2] || (g % 997) || '@' ||
                     (${sqlArray(domains)})[1 + ${h(7)} % ${domains.length}] end,
           case when kind < 5 then null
                else lpad(((g::bigint * 2654435761) % 100000000000)::text, 11, '0') end,
           case when kind < 5 then null
                else '+55' || (11 + ${h(11)} % 89) || '9' || lpad((${h(13)} % 100000000)::text, 8, '0') end,
           case when kind < 10 then null
                else 'MEDI-' || to_char(at at time zone 'America/Sao_Paulo', 'YYYYMMDD') || '-' ||
                     lpad(((g % 1000) * 9973 % 10000)::text, 4, '0') end,
           case when kind < 10 then 'INICIADO' when kind < 30 then 'EM_ANALISE'
                when kind < 40 then 'EM_EXIGENCIA' when kind < 80 then 'APROVADO'
                when kind < 95 then 'NEGADO' else 'REJEITADO' end,
           case when kind < 5 then 1 when kind < 10 then 2 + g % 4 else 6 end,
           at, at,
           case when kind < 10 then null else at + interval '20 minutes' end,
           case when kind < 30 or kind >= 95 then null else 'revisor' || (g % 5) || '@medipay.com.br' end,
           case when kind < 30 or kind >= 95 then null else at + interval '2 days' end
    from (select g, ${h(3)} % 100 as kind, ${h(5)} % ${firstNames.length} as f,
                 ${h(17)} % ${surnames.length} as s1, ${h(19)} % ${surnames.length} as s2,
                 timestamptz '2024-01-01 03:00:00+00' + (g / 1000) * interval '1 day'
                   + (g % 1000) * interval '86 seconds' as at
          from generate_series(${from}, ${to}) g) s;`;
}

/** PostgreSQL's hashint4 (Jenkins' final mix of hash_uint32), so that COPY loads the same rows. */
function hashint4(key: number): number {
  const rot = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;
  let a = (0x9e3779b9 + 4 + 3923095) >>> 0;
  let b = a;
  let c = a;
  a = (a + (key >>> 0)) >>> 0;
  c = ((c ^ b) - rot(b, 14)) >>> 0;
  a = ((a ^ c) - rot(c, 11)) >>> 0;
  b = ((b ^ a) - rot(a, 25)) >>> 0;
  c = ((c ^ b) - rot(b, 16)) >>> 0;
  a = ((a ^ c) - rot(c, 4)) >>> 0;
  b = ((b ^ a) - rot(a, 14)) >>> 0;
  c = ((c ^ b) - rot(b, 24)) >>> 0;
  return Math.abs(c | 0);
}

const dayMs = 86_400_000;
export const createdAtOf = (g: number) =>
  Date.UTC(2024, 0, 1, 3) + Math.floor(g / 1000) * dayMs + (g % 1000) * 86_000;
/** 'YYYYMMDD' of the São Paulo day (UTC-3, no daylight saving since 2019). */
export const saoPauloDay = (at: number) =>
  new Date(at - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
const iso = (at: number) => new Date(at).toISOString();

/** Rows g of seedSql, as COPY text lines of applicant_sessions and onboarding_pf. */
export function copyLines(from: number, to: number): { sessions: string; applications: string } {
  const sessions: string[] = [];
  const applications: string[] = [];
  const nil = '\\N';
  for (let g = from; g <= to; g += 1) {
    const at = createdAtOf(g);
    const kind = hashint4(g + 3) % 100;
    const f = hashint4(g + 5) % firstNames.length;
    const s1 = hashint4(g + 17) % surnames.length;
    const s2 = hashint4(g + 19) % surnames.length;
    const abandoned = kind < 5;
    const session = `sess_bench_${g}`;
    sessions.push(`${session}\tPF\t${iso(at)}\t${iso(at)}`);
    const status =
      kind < 10
        ? 'INICIADO'
        : kind < 30
          ? 'EM_ANALISE'
          : kind < 40
            ? 'EM_EXIGENCIA'
            : kind < 80
              ? 'APROVADO'
              : kind < 95
                ? 'NEGADO'
                : 'REJEITADO';
    const analysed = !(kind < 30 || kind >= 95);
    applications.push(
      [
        session,
        abandoned ? nil : `${firstNames[f]![0]} ${surnames[s1]![0]} ${surnames[s2]![0]}`,
        abandoned
          ? nil
          : `${firstNames[f]![1]}.${surnames[s2]![1]}${g % 997}@${domains[hashint4(g + 7) % domains.length]}`,
        abandoned ? nil : cpfOf(g),
        abandoned
          ? nil
          : `+55${11 + (hashint4(g + 11) % 89)}9${String(hashint4(g + 13) % 100_000_000).padStart(8, '0')}`,
        kind < 10
          ? nil
          : `MEDI-${saoPauloDay(at)}-${String(((g % 1000) * 9973) % 10000).padStart(4, '0')}`,
        status,
        String(kind < 5 ? 1 : kind < 10 ? 2 + (g % 4) : 6),
        iso(at),
        iso(at),
        kind < 10 ? nil : iso(at + 20 * 60_000),
        analysed ? `revisor${g % 5}@medipay.com.br` : nil,
        analysed ? iso(at + 2 * dayMs) : nil,
      ].join('\t'),
    );
  }
  return { sessions: `${sessions.join('\n')}\n`, applications: `${applications.join('\n')}\n` };
}

export const applicationColumns =
  'session_id, nome_completo, email, cpf, telefone, protocolo, status, current_step, created_at, updated_at, submitted_at, analisado_por, analisado_em';
