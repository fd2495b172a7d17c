import { describe, expect, it } from 'vitest';
import {
  comparePfIdentity,
  comparePjIdentity,
  cpfOfDocumentNumber,
  documentOwnerMismatch,
  readNameMatches,
} from './identity-comparison';

const typed = { nome: 'Ana Paula Ribeiro Costa', cpf: '52998224725' };
const noRead = { kind: null, nome: null, numero: null, orgao: null, uf: null, validade: null };

describe('documentOwnerMismatch', () => {
  it('asks about a document of another name, not about accents, case or spacing', () => {
    expect(
      documentOwnerMismatch(typed, { nome: 'JULIANA FERREIRA LIMA', numero: '12.345.678-9' }),
    ).toEqual({ nome: true, cpf: false });
    expect(
      documentOwnerMismatch(typed, { nome: 'ANA  PAULA RIBEIRO COSTA', numero: '12.345.678-9' }),
    ).toBeNull();
    expect(
      documentOwnerMismatch(
        { ...typed, nome: 'José Álvares' },
        { nome: 'JOSE ALVARES', numero: '' },
      ),
    ).toBeNull();
  });

  it("asks about a CIN whose number is another person's CPF", () => {
    expect(
      documentOwnerMismatch(typed, { nome: 'ANA PAULA RIBEIRO COSTA', numero: '111.444.777-35' }),
    ).toEqual({ nome: false, cpf: true });
    expect(
      documentOwnerMismatch(typed, { nome: 'ANA PAULA RIBEIRO COSTA', numero: '529.982.247-25' }),
    ).toBeNull();
    // An RG number is no CPF: nothing to compare.
    expect(cpfOfDocumentNumber('12.345.678-9')).toBeNull();
  });
});

describe('readNameMatches', () => {
  it('forgives what OCR gets wrong in a name, not another name', () => {
    expect(readNameMatches('Ana Paula Ribeiro Costa', 'ANA PAULA RIBEIR0 COSTA')).toBe(true);
    expect(readNameMatches('Ana Paula Ribeiro Costa', 'JULIANA FERREIRA LIMA')).toBe(false);
    expect(readNameMatches('Ana Costa', 'ANA COSTA SILVA')).toBe(false);
  });
});

describe('comparePfIdentity', () => {
  it('flags a name read from a document of another person, even when the applicant typed over it', () => {
    const comparison = comparePfIdentity({
      typed,
      read: { ...noRead, kind: 'CNH', nome: 'JULIANA FERREIRA LIMA' },
      corrected: { nome: typed.nome, numero: '123', orgao: null, uf: null, validade: null },
      confirmed: false,
    });
    expect(comparison.rows[0]).toMatchObject({ key: 'nome', agreement: 'divergente' });
    expect(comparison.flags.map((flag) => flag.code)).toEqual([
      'nome_documento_difere',
      'dados_documento_alterados',
    ]);
  });

  it('only notes the correction of a letter the reading got wrong', () => {
    const comparison = comparePfIdentity({
      typed,
      read: { ...noRead, kind: 'RG', nome: 'ANA PAULA RIBEIR0 COSTA', validade: '2031-05-20' },
      corrected: {
        nome: 'ANA PAULA RIBEIRO COSTA',
        numero: '12.345.678-9',
        orgao: 'SSP',
        uf: 'SP',
        validade: '20/05/2031',
      },
      confirmed: false,
    });
    expect(comparison.flags).toEqual([
      {
        code: 'dados_documento_alterados',
        message: 'O solicitante alterou dados lidos do documento: Nome.',
      },
    ]);
    expect(comparison.rows.find((row) => row.key === 'validade')?.agreement).toBe('confere');
    expect(comparison.rows.find((row) => row.key === 'orgao')?.agreement).toBe('sem_comparacao');
  });
});

describe('comparePfIdentity, the CPF of a CIN', () => {
  it("flags a CIN whose number is another person's CPF, and the applicant's confirmation", () => {
    const comparison = comparePfIdentity({
      typed,
      read: { ...noRead, kind: 'CIN', nome: typed.nome, numero: '111.444.777-35' },
      corrected: {
        nome: typed.nome,
        numero: '111.444.777-35',
        orgao: null,
        uf: null,
        validade: null,
      },
      confirmed: true,
    });
    expect(comparison.rows.find((row) => row.key === 'cpf')).toEqual({
      key: 'cpf',
      label: 'CPF',
      values: { typed: '52998224725', read: '11144477735', corrected: '11144477735' },
      agreement: 'divergente',
    });
    expect(comparison.flags.map((flag) => flag.code)).toEqual([
      'cpf_documento_difere',
      'divergencia_confirmada',
    ]);
  });

  it('compares nothing before the document was read or the step saved', () => {
    const comparison = comparePfIdentity({
      typed: { nome: null, cpf: null },
      read: null,
      corrected: { nome: null, numero: null, orgao: null, uf: null, validade: null },
      confirmed: false,
    });
    expect(comparison.rows.every((row) => row.agreement === 'sem_comparacao')).toBe(true);
    expect(comparison.flags).toEqual([]);
  });
});

describe('comparePjIdentity', () => {
  const company = {
    razaoSocial: 'Clínica Exemplo Ltda',
    responsavelNome: 'Carlos Pereira',
    responsavelCpf: '529.982.247-25',
    responsavelRg: '12.345.678-9',
  };

  it('agrees with the registry and an RG of the representative', () => {
    const comparison = comparePjIdentity({
      typed: company,
      registry: { razaoSocial: 'CLINICA EXEMPLO LTDA', partners: ['CARLOS PEREIRA'] },
      read: { ...noRead, kind: 'RG', nome: 'CARLOS PEREIRA', numero: '12.345.678-9' },
    });
    expect(comparison.rows.map((row) => [row.key, row.agreement])).toEqual([
      ['razaoSocial', 'confere'],
      ['responsavelNome', 'confere'],
      ['responsavelCpf', 'sem_comparacao'],
      ['responsavelRg', 'confere'],
    ]);
    expect(comparison.flags).toEqual([]);
  });

  it("flags another company name, a representative out of the partners and another person's CIN", () => {
    const comparison = comparePjIdentity({
      typed: company,
      registry: { razaoSocial: 'OUTRA EMPRESA SA', partners: ['MARIA SOUZA'] },
      read: { ...noRead, kind: 'CIN', nome: 'JULIANA FERREIRA LIMA', numero: '111.444.777-35' },
    });
    expect(comparison.rows[1]).toMatchObject({
      values: { registry: 'Não consta no quadro de sócios', read: 'JULIANA FERREIRA LIMA' },
      agreement: 'divergente',
    });
    expect(comparison.rows[2]?.agreement).toBe('divergente');
    expect(comparison.flags.map((flag) => flag.code)).toEqual([
      'nome_documento_difere',
      'cpf_documento_difere',
      'razao_social_difere',
      'responsavel_fora_do_quadro',
    ]);
  });

  it('compares the typed data with the document alone when the registry answer is not at hand', () => {
    const comparison = comparePjIdentity({ typed: company, registry: null, read: null });
    expect(comparison.rows[0]?.values).toEqual({ typed: company.razaoSocial, registry: null });
    expect(comparison.flags).toEqual([]);
  });
});
