/** Provider answers in the documented shapes (../shared/reference/brazil-data-sources.md). */
export const viaCepSe = {
  cep: '01001-000',
  logradouro: 'Praça da Sé',
  complemento: 'lado ímpar',
  unidade: '',
  bairro: 'Sé',
  localidade: 'São Paulo',
  uf: 'SP',
  estado: 'São Paulo',
  regiao: 'Sudeste',
  ibge: '3550308',
  gia: '1004',
  ddd: '11',
  siafi: '7107',
};

export const brasilApiCepV2 = {
  cep: '89010025',
  state: 'SC',
  city: 'Blumenau',
  neighborhood: 'Centro',
  street: 'Rua Doutor Luiz de Freitas Melro',
  service: 'open-cep',
  location: { type: 'Point', coordinates: { longitude: '-49.0629788', latitude: '-26.9244749' } },
};

export const brasilApiCepNotFound = {
  name: 'CepPromiseError',
  message: 'Todos os serviços de CEP retornaram erro.',
  type: 'service_error',
  errors: [
    { name: 'ServiceError', message: 'CEP não encontrado na base do ViaCEP.', service: 'viacep' },
  ],
};

export const brasilApiCnpj = {
  cnpj: '12ABC34501DE35',
  razao_social: 'CLINICA EXEMPLO SERVICOS MEDICOS LTDA',
  nome_fantasia: 'CLINICA EXEMPLO',
  situacao_cadastral: 2,
  descricao_situacao_cadastral: 'ATIVA',
  cnae_fiscal: 8630503,
  cnae_fiscal_descricao: 'Atividade médica ambulatorial restrita a consultas',
  descricao_tipo_de_logradouro: 'AVENIDA',
  logradouro: 'PAULISTA',
  numero: '1000',
  complemento: 'CONJ 101',
  bairro: 'BELA VISTA',
  cep: '01310100',
  municipio: 'SAO PAULO',
  uf: 'SP',
  email: 'CONTATO@CLINICAEXEMPLO.COM.BR',
  ddd_telefone_1: '1123851939',
  qsa: [
    {
      nome_socio: 'FULANA DE TAL',
      qualificacao_socio: 'Sócio',
      identificador_de_socio: 2,
      cnpj_cpf_do_socio: '***000000**',
    },
    {
      nome_socio: 'CICLANO DA SILVA',
      qualificacao_socio: 'Sócio-Administrador',
      identificador_de_socio: 2,
    },
  ],
};

export const brasilApiCnpjNotFound = {
  name: 'NotFoundError',
  message: 'CNPJ 11.222.333/0001-81 não encontrado.',
  type: 'not_found',
};

export const receitaWsCompany = {
  status: 'OK',
  cnpj: '11.222.333/0001-81',
  tipo: 'MATRIZ',
  abertura: '16/03/2004',
  nome: 'HOSPITAL EXEMPLO S.A.',
  fantasia: 'HOSPITAL EXEMPLO',
  porte: 'DEMAIS',
  atividade_principal: [
    {
      code: '86.10-1-01',
      text: 'Atividades de atendimento hospitalar, exceto pronto-socorro e unidades para atendimento a urgências',
    },
  ],
  qsa: [
    { nome: 'BELTRANO DIRETOR', qual: '10-Diretor' },
    { nome: 'FULANO ADMINISTRADOR', qual: '05-Administrador' },
  ],
  natureza_juridica: '205-4 - Sociedade Anônima Fechada',
  logradouro: 'R EXEMPLO',
  numero: '100',
  complemento: '',
  cep: '01.001-000',
  bairro: 'CENTRO',
  municipio: 'SAO PAULO',
  uf: 'SP',
  email: 'contato@hospitalexemplo.com.br',
  telefone: '(11) 3000-0000',
  situacao: 'BAIXADA',
  capital_social: '10000.00',
};
