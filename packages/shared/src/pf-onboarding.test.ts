import { describe, expect, it } from 'vitest';
import {
  pfAddressSchema,
  pfApplicationSchema,
  pfBiometricsSchema,
  pfConsentSchema,
  pfDocumentsSchema,
  pfIdentificationSchema,
  pfPepSchema,
  pfStepFields,
  pfStepSchemas,
  pfSteps,
} from './pf-onboarding';
import { pdfFile, sampleFile, validAddress, validPfApplication } from './testing/fixtures';
import { messagesOf } from './testing/issues';
import { firstIncompleteStep } from './wizard';

const identification = {
  nomeCompleto: 'Ana Souza',
  nacionalidade: 'brasileira',
  cpf: '529.982.247-25',
  estadoCivil: 'casado',
  email: 'ana@example.com',
  telefone: '+55 (11) 98765-4321',
};

describe('PF step 1: identification', () => {
  it('accepts valid data and stores canonical values', () => {
    const parsed = pfIdentificationSchema.parse({
      ...identification,
      nomeCompleto: '  Ana Souza ',
      email: ' Ana@Example.COM ',
    });
    expect(parsed).toEqual({
      nomeCompleto: 'Ana Souza',
      nacionalidade: 'brasileira',
      cpf: '52998224725',
      estadoCivil: 'casado',
      email: 'ana@example.com',
      telefone: '+5511987654321',
    });
  });

  it('gives the spec message for every field left empty', () => {
    expect(
      messagesOf(pfIdentificationSchema, {
        nomeCompleto: '',
        nacionalidade: '',
        cpf: '',
        estadoCivil: '',
        email: '',
        telefone: '',
      }),
    ).toEqual({
      nomeCompleto: ['Nome completo deve ter pelo menos 5 caracteres'],
      nacionalidade: ['Selecione a nacionalidade'],
      cpf: ['CPF deve ter 11 dígitos'],
      estadoCivil: ['Selecione o estado civil'],
      email: ['E-mail inválido'],
      telefone: ['Telefone deve ter DDD + número'],
    });
  });

  it('gives the spec messages when fields are missing altogether', () => {
    const messages = messagesOf(pfIdentificationSchema, {});
    expect(messages.nomeCompleto).toEqual(['Nome completo deve ter pelo menos 5 caracteres']);
    expect(messages.cpf).toEqual(['CPF deve ter 11 dígitos']);
    expect(messages.telefone).toEqual(['Telefone deve ter DDD + número']);
  });

  it('needs at least 5 characters of name after trimming', () => {
    expect(
      messagesOf(pfIdentificationSchema, { ...identification, nomeCompleto: ' Ana  ' }),
    ).toEqual({
      nomeCompleto: ['Nome completo deve ter pelo menos 5 caracteres'],
    });
    expect(
      messagesOf(pfIdentificationSchema, { ...identification, nomeCompleto: 'Ana S' }),
    ).toEqual({});
  });

  it('tells an incomplete CPF from a wrong one', () => {
    expect(messagesOf(pfIdentificationSchema, { ...identification, cpf: '529.982.247-2' })).toEqual(
      {
        cpf: ['CPF deve ter 11 dígitos'],
      },
    );
    expect(
      messagesOf(pfIdentificationSchema, { ...identification, cpf: '111.111.111-11' }),
    ).toEqual({
      cpf: ['CPF inválido'],
    });
    expect(
      messagesOf(pfIdentificationSchema, { ...identification, cpf: '529.982.247-24' }),
    ).toEqual({
      cpf: ['CPF inválido'],
    });
  });

  it.each(['ana', 'ana@', '@example.com', 'ana example@x.com'])(
    'rejects the e-mail %s',
    (email) => {
      expect(messagesOf(pfIdentificationSchema, { ...identification, email })).toEqual({
        email: ['E-mail inválido'],
      });
    },
  );

  it.each(['(20) 98765-4321', '(11) 8765-4321', '(11) 88765-4321', '+55 (11) 98765'])(
    'rejects the phone %s',
    (telefone) => {
      expect(messagesOf(pfIdentificationSchema, { ...identification, telefone })).toEqual({
        telefone: ['Telefone deve ter DDD + número'],
      });
    },
  );

  it('refuses a value outside the option lists', () => {
    expect(
      messagesOf(pfIdentificationSchema, {
        ...identification,
        nacionalidade: 'marciana',
        estadoCivil: 'x',
      }),
    ).toEqual({
      nacionalidade: ['Selecione a nacionalidade'],
      estadoCivil: ['Selecione o estado civil'],
    });
  });

  it('limits the length of free text', () => {
    expect(
      messagesOf(pfIdentificationSchema, { ...identification, nomeCompleto: 'A'.repeat(201) }),
    ).toEqual({ nomeCompleto: ['Use no máximo 200 caracteres'] });
  });
});

describe('PF step 2: address', () => {
  const address = { ...validAddress, comprovanteResidencia: pdfFile() };

  it('stores the CEP as digits, the UF upper-cased and an empty complement as undefined', () => {
    const parsed = pfAddressSchema.parse(address);
    expect(parsed.cep).toBe('01310100');
    expect(parsed.uf).toBe('SP');
    expect(parsed.complemento).toBeUndefined();
    expect(pfAddressSchema.parse({ ...address, complemento: ' Apto 12 ' }).complemento).toBe(
      'Apto 12',
    );
  });

  it('gives the spec message for each required field', () => {
    expect(
      messagesOf(pfAddressSchema, {
        cep: '01310-10',
        logradouro: ' ',
        numero: '',
        bairro: '',
        cidade: '',
        uf: '',
      }),
    ).toEqual({
      cep: ['CEP deve ter 8 dígitos'],
      logradouro: ['Logradouro é obrigatório'],
      numero: ['Número é obrigatório'],
      bairro: ['Bairro é obrigatório'],
      cidade: ['Cidade é obrigatória'],
      uf: ['UF é obrigatória'],
      comprovanteResidencia: ['Arquivo é obrigatório'],
    });
  });

  it.each(['0131010', '01310-1000', 'abcde-fgh', '01.310-100'])('rejects the CEP %s', (cep) => {
    expect(messagesOf(pfAddressSchema, { ...address, cep })).toEqual({
      cep: ['CEP deve ter 8 dígitos'],
    });
  });

  it('rejects a two-letter code that is not a state', () => {
    expect(messagesOf(pfAddressSchema, { ...address, uf: 'XX' })).toEqual({ uf: ['UF inválida'] });
  });

  it('refuses a proof of residence over 10 MB or of another type', () => {
    const tooLarge = { ...pdfFile(), size: 10 * 1024 * 1024 + 1 };
    expect(messagesOf(pfAddressSchema, { ...address, comprovanteResidencia: tooLarge })).toEqual({
      'comprovanteResidencia.size': ['Arquivo deve ter até 10MB'],
    });
    const exactLimit = { ...pdfFile(), size: 10 * 1024 * 1024 };
    expect(messagesOf(pfAddressSchema, { ...address, comprovanteResidencia: exactLimit })).toEqual(
      {},
    );
    const gif = { ...pdfFile(), type: 'image/gif' };
    expect(messagesOf(pfAddressSchema, { ...address, comprovanteResidencia: gif })).toEqual({
      'comprovanteResidencia.type': [
        'Formato não aceito. Envie um arquivo PDF, JPG, JPEG, PNG ou WEBP',
      ],
    });
  });
});

describe('PF step 3: documents', () => {
  const documents = {
    docProfissionalTipo: 'COREN',
    docProfissionalNumero: '123456',
    docProfissionalUf: 'rj',
    docIdentidadeFrente: sampleFile(),
    docIdentidadeVerso: pdfFile(),
    docIdentidadeNome: ' Ana Souza ',
    docIdentidadeNumero: '12.345.678-9',
  };

  it('accepts the documents and keeps the optional issuing body optional', () => {
    const parsed = pfDocumentsSchema.parse(documents);
    expect(parsed.docProfissionalUf).toBe('RJ');
    expect(parsed.docProfissionalOrgaoEmissor).toBeUndefined();
    expect(parsed.docIdentidadeNome).toBe('Ana Souza');
    expect(parsed.docIdentidadeValidade).toBeUndefined();
  });

  it('gives the spec messages', () => {
    expect(messagesOf(pfDocumentsSchema, {})).toEqual({
      docProfissionalTipo: ['Selecione o tipo de documento'],
      docProfissionalNumero: ['Número do documento é obrigatório'],
      docProfissionalUf: ['UF é obrigatória'],
      docIdentidadeFrente: ['Arquivo é obrigatório'],
      docIdentidadeVerso: ['Arquivo é obrigatório'],
      docIdentidadeNome: ['Nome no documento é obrigatório'],
      docIdentidadeNumero: ['Número do documento é obrigatório'],
    });
  });

  it.each(['', '   ', '\u200b'])(
    'refuses the identity name and number left empty (%j): the reviewer compares them',
    (empty) => {
      expect(
        messagesOf(pfDocumentsSchema, {
          ...documents,
          docIdentidadeNome: empty,
          docIdentidadeNumero: empty,
        }),
      ).toEqual({
        docIdentidadeNome: ['Nome no documento é obrigatório'],
        docIdentidadeNumero: ['Número do documento é obrigatório'],
      });
    },
  );

  it('takes the validity as a date dd/mm/aaaa, or none (an RG has no expiry)', () => {
    expect(
      pfDocumentsSchema.parse({ ...documents, docIdentidadeValidade: '14/08/2031' })
        .docIdentidadeValidade,
    ).toBe('14/08/2031');
    expect(
      pfDocumentsSchema.parse({ ...documents, docIdentidadeValidade: '' }).docIdentidadeValidade,
    ).toBeUndefined();
    for (const validade of ['31/02/2031', '14/08/31', '2031-08-14', '14082031', '1/8/2031']) {
      expect(
        messagesOf(pfDocumentsSchema, { ...documents, docIdentidadeValidade: validade }),
        validade,
      ).toEqual({
        docIdentidadeValidade: ['Validade inválida. Use o formato DD/MM/AAAA'],
      });
    }
  });
});

describe('PF step 4: biometrics', () => {
  const biometrics = {
    selfie: sampleFile(),
    selfieDoc: sampleFile('image/png'),
    livenessPassed: true,
  };

  it('needs a passed liveness check', () => {
    expect(messagesOf(pfBiometricsSchema, biometrics)).toEqual({});
    expect(messagesOf(pfBiometricsSchema, { ...biometrics, livenessPassed: false })).toEqual({
      livenessPassed: ['Verificação de vivacidade deve passar'],
    });
    expect(
      messagesOf(pfBiometricsSchema, {
        selfie: biometrics.selfie,
        selfieDoc: biometrics.selfieDoc,
      }),
    ).toEqual({
      livenessPassed: ['Verificação de vivacidade deve passar'],
    });
  });

  it('accepts only images for the selfies', () => {
    expect(messagesOf(pfBiometricsSchema, { ...biometrics, selfie: pdfFile() })).toEqual({
      'selfie.type': ['Formato não aceito. Envie uma imagem JPG, JPEG, PNG ou WEBP'],
    });
  });
});

describe('PF step 5: PEP', () => {
  it('needs an answer', () => {
    expect(messagesOf(pfPepSchema, {})).toEqual({ pepTipo: ['Selecione uma opção sobre PEP'] });
    expect(messagesOf(pfPepSchema, { pepTipo: 'TALVEZ' })).toEqual({
      pepTipo: ['Selecione uma opção sobre PEP'],
    });
  });

  it('needs nothing more for NAO and drops any PEP detail sent with it', () => {
    expect(pfPepSchema.parse({ pepTipo: 'NAO', pepNome: 'Fulano', pepCargo: 'Prefeito' })).toEqual({
      pepTipo: 'NAO',
      pepNome: undefined,
      pepCpf: undefined,
      pepCargo: undefined,
      pepOrgao: undefined,
    });
  });

  it('needs cargo and órgão for a PEP, and keeps only those', () => {
    expect(messagesOf(pfPepSchema, { pepTipo: 'PEP' })).toEqual({
      pepCargo: ['Preencha todos os campos obrigatórios para PEP'],
      pepOrgao: ['Preencha todos os campos obrigatórios para PEP'],
    });
    expect(
      pfPepSchema.parse({
        pepTipo: 'PEP',
        pepNome: 'X',
        pepCargo: 'Vereador',
        pepOrgao: 'Câmara Municipal',
      }),
    ).toMatchObject({
      pepTipo: 'PEP',
      pepNome: undefined,
      pepCargo: 'Vereador',
      pepOrgao: 'Câmara Municipal',
    });
  });

  it('needs nome, CPF, cargo and órgão for a relative or close associate', () => {
    expect(messagesOf(pfPepSchema, { pepTipo: 'RELACIONADO', pepCargo: '  ' })).toEqual({
      pepNome: ['Preencha todos os campos obrigatórios para PEP'],
      pepCpf: ['Preencha todos os campos obrigatórios para PEP'],
      pepCargo: ['Preencha todos os campos obrigatórios para PEP'],
      pepOrgao: ['Preencha todos os campos obrigatórios para PEP'],
    });
  });

  it("checks the relative's CPF and stores it as digits", () => {
    const relative = {
      pepTipo: 'RELACIONADO',
      pepNome: 'João Silva',
      pepCargo: 'Deputado',
      pepOrgao: 'ALESP',
    };
    expect(messagesOf(pfPepSchema, { ...relative, pepCpf: '111.111.111-11' })).toEqual({
      pepCpf: ['CPF inválido'],
    });
    expect(pfPepSchema.parse({ ...relative, pepCpf: '529.982.247-25' }).pepCpf).toBe('52998224725');
  });
});

describe('PF step 6: consents', () => {
  it('needs both consents', () => {
    expect(messagesOf(pfConsentSchema, { consentimentoLgpd: false })).toEqual({
      consentimentoLgpd: ['Consentimento LGPD é obrigatório'],
      consentimentoKyc: ['Consentimento KYC é obrigatório'],
    });
    expect(
      messagesOf(pfConsentSchema, { consentimentoLgpd: true, consentimentoKyc: true }),
    ).toEqual({});
  });
});

describe('PF application', () => {
  it('accepts a complete application, and parsing its output again changes nothing', () => {
    const parsed = pfApplicationSchema.parse(validPfApplication);
    expect(parsed).toMatchObject({
      nomeCompleto: 'Ana Beatriz Souza',
      cpf: '52998224725',
      email: 'ana.souza@example.com',
      telefone: '+5511987654321',
      cep: '01310100',
      uf: 'SP',
      pepTipo: 'NAO',
      docIdentidadeNome: 'ANA BEATRIZ SOUZA',
    });
    expect(pfApplicationSchema.parse(parsed)).toEqual(parsed);
  });

  it('applies the PEP rule to the whole application', () => {
    expect(messagesOf(pfApplicationSchema, { ...validPfApplication, pepTipo: 'PEP' })).toEqual({
      pepCargo: ['Preencha todos os campos obrigatórios para PEP'],
      pepOrgao: ['Preencha todos os campos obrigatórios para PEP'],
    });
  });

  it('has six steps whose fields cover the application exactly once', () => {
    expect(pfSteps.map((step) => step.title)).toEqual([
      'Identificação',
      'Endereço',
      'Documentos e Profissão',
      'Biometria e Verificação',
      'PEP',
      'Revisão e Consentimento',
    ]);
    expect(Object.keys(pfStepSchemas)).toEqual(['1', '2', '3', '4', '5', '6']);
    const fields = Object.values(pfStepFields).flat();
    expect(new Set(fields).size).toBe(fields.length);
    expect(new Set(fields)).toEqual(
      new Set([
        ...Object.keys(validPfApplication),
        'pepNome',
        'pepCpf',
        'pepCargo',
        'pepOrgao',
        'docIdentidadeOrgao',
        'docIdentidadeUf',
        'docIdentidadeValidade',
        'docIdentidadeDivergenciaConfirmada',
      ]),
    );
  });

  it('names the first step with a problem', () => {
    const withoutSelfie: Record<string, unknown> = { ...validPfApplication };
    delete withoutSelfie.selfie;
    const issuesOf = (input: unknown) => pfApplicationSchema.safeParse(input).error?.issues ?? [];
    expect(firstIncompleteStep(pfStepFields, issuesOf(withoutSelfie))).toBe(4);
    expect(firstIncompleteStep(pfStepFields, issuesOf({ ...withoutSelfie, cep: '' }))).toBe(2);
    expect(
      firstIncompleteStep(
        pfStepFields,
        issuesOf({ ...validPfApplication, consentimentoKyc: false }),
      ),
    ).toBe(6);
    expect(
      firstIncompleteStep(
        pfStepFields,
        issuesOf({ ...validPfApplication, docIdentidadeNumero: '' }),
      ),
    ).toBe(3);
    expect(firstIncompleteStep(pfStepFields, issuesOf(validPfApplication))).toBeNull();
    expect(firstIncompleteStep(pfStepFields, issuesOf('not an object'))).toBe(1);
  });
});
