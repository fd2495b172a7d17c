/**
 * Seeds the database of the back-office server of the browser tests (run before it starts, on
 * its own DATA_DIR): applications of both flows in every status the dashboard counts, and
 * abandoned applicant sessions. The numbers the specs expect are exported with the data.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createDb } from '@medipay/db/client';
import { applicantSessions, onboardingPf, onboardingPj } from '@medipay/db/schema';
import { cnpjFrom } from '../../apps/api/src/testing/cnpj';
import { randomCpf } from './applicant';

const DAY_MS = 24 * 60 * 60 * 1000;

type Seeded = { status: string; currentStep: number; daysAgo: number };

/** PF: 8 applications; PJ: 6; both with some created today (daysAgo 0). */
export const seededPf: readonly (Seeded & { nome: string })[] = [
  { nome: 'Ana Beatriz Moreira', status: 'INICIADO', currentStep: 3, daysAgo: 0 },
  { nome: 'Bruno Carvalho Lima', status: 'EM_ANALISE', currentStep: 6, daysAgo: 0 },
  { nome: 'Carla Dias Nogueira', status: 'EM_ANALISE', currentStep: 6, daysAgo: 0 },
  { nome: 'Daniel Souza Prado', status: 'EM_EXIGENCIA', currentStep: 6, daysAgo: 2 },
  { nome: 'Elisa Martins Rocha', status: 'APROVADO', currentStep: 6, daysAgo: 5 },
  { nome: 'Fábio Teixeira Campos', status: 'APROVADO', currentStep: 6, daysAgo: 6 },
  { nome: 'Gabriela Pires Duarte', status: 'NEGADO', currentStep: 6, daysAgo: 8 },
  { nome: 'Heitor Ramos Vieira', status: 'REJEITADO', currentStep: 6, daysAgo: 9 },
];

export const seededPj: readonly (Seeded & { razaoSocial: string; tipoEmpresa: string })[] = [
  {
    razaoSocial: 'Hospital Santa Aurora Ltda',
    tipoEmpresa: 'hospital',
    status: 'ENVIADO_PARA_ANALISE',
    currentStep: 6,
    daysAgo: 0,
  },
  {
    razaoSocial: 'Clínica Vida Plena Ltda',
    tipoEmpresa: 'clinica',
    status: 'ENVIADO_PARA_ANALISE',
    currentStep: 6,
    daysAgo: 0,
  },
  {
    razaoSocial: 'Laboratório Análise Certa S.A.',
    tipoEmpresa: 'laboratorio',
    status: 'EM_EXIGENCIA',
    currentStep: 6,
    daysAgo: 3,
  },
  {
    razaoSocial: 'Centro de Diagnóstico Imagem Sul Ltda',
    tipoEmpresa: 'centro_diagnostico',
    status: 'APROVADO',
    currentStep: 6,
    daysAgo: 7,
  },
  {
    razaoSocial: 'Ambulatório Bem Estar Ltda',
    tipoEmpresa: 'ambulatorio',
    status: 'APROVADO',
    currentStep: 6,
    daysAgo: 10,
  },
  {
    razaoSocial: 'Organização Social Saúde Para Todos',
    tipoEmpresa: 'organizacao_social',
    status: 'NEGADO',
    currentStep: 6,
    daysAgo: 12,
  },
];

/** Applicant sessions that never saved step 1, last seen two days ago. */
export const seededAbandonedSessions = 3;

const sessionId = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS - 60_000);

async function seed(dataDir: string) {
  const database = await createDb({ dataDir: join(dataDir, 'db') });
  await database.migrate();
  const { db } = database;
  // A data folder kept between runs (E2E_DATA_DIR) is seeded once.
  if ((await db.select({ id: onboardingPf.id }).from(onboardingPf).limit(1)).length > 0) {
    await database.close();
    return;
  }

  for (const [index, row] of seededPf.entries()) {
    const id = sessionId('sess_');
    const at = ago(row.daysAgo);
    await db.insert(applicantSessions).values({ id, flow: 'PF', createdAt: at, lastSeenAt: at });
    const first = row.nome.split(' ')[0]!.toLowerCase();
    await db.insert(onboardingPf).values({
      sessionId: id,
      status: row.status,
      currentStep: row.currentStep,
      protocolo:
        row.status === 'INICIADO' ? null : `MEDI-20261101-${String(index + 1).padStart(4, '0')}`,
      nomeCompleto: row.nome,
      nacionalidade: 'brasileira',
      cpf: randomCpf(),
      estadoCivil: 'solteiro',
      email: `${first}@example.com`,
      emailVerificado: true,
      telefone: `+551198765${String(4300 + index)}`,
      telefoneVerificado: true,
      cep: '01001000',
      logradouro: 'Praça da Sé',
      numero: String(100 + index),
      bairro: 'Sé',
      cidade: 'São Paulo',
      uf: 'SP',
      createdAt: at,
      updatedAt: at,
      submittedAt: row.status === 'INICIADO' ? null : at,
    });
  }

  for (const [index, row] of seededPj.entries()) {
    const id = sessionId('pj_');
    const at = ago(row.daysAgo);
    await db.insert(applicantSessions).values({ id, flow: 'PJ', createdAt: at, lastSeenAt: at });
    await db.insert(onboardingPj).values({
      sessionId: id,
      status: row.status,
      currentStep: row.currentStep,
      protocolo: `PJ-20261101-${String(index + 1).padStart(4, '0')}`,
      razaoSocial: row.razaoSocial,
      nomeFantasia: row.razaoSocial.replace(/ (Ltda|S\.A\.)$/, ''),
      cnpj: cnpjFrom(`SEED${String(index + 1).padStart(4, '0')}0001`),
      tipoEmpresa: row.tipoEmpresa,
      areaAtuacao: 'geral',
      email: `contato${index + 1}@empresa.example.com`,
      emailVerificado: true,
      telefone: `+552198765${String(4300 + index)}`,
      telefoneVerificado: true,
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      numero: String(1000 + index),
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
      createdAt: at,
      updatedAt: at,
      submittedAt: at,
    });
  }

  for (let index = 0; index < seededAbandonedSessions; index += 1) {
    const at = ago(2);
    await db.insert(applicantSessions).values({
      id: sessionId(index % 2 ? 'pj_' : 'sess_'),
      flow: index % 2 ? 'PJ' : 'PF',
      createdAt: at,
      lastSeenAt: at,
    });
  }
  await database.close();
}

// Run as a script: `node --import tsx support/seed-back-office.ts <DATA_DIR>`.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: seed-back-office.ts <DATA_DIR>');
  await seed(dataDir);
}
