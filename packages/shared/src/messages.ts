/**
 * Validation messages of the forms. The spec's messages (applicant-portal.md section 5,
 * back-office.md section 5) are written exactly as the spec has them; the others cover rules the
 * spec states without a message.
 */
import { MAX_UPLOAD_MB } from './constants';

export const validationMessages = {
  nomeCompleto: 'Nome completo deve ter pelo menos 5 caracteres',
  nacionalidade: 'Selecione a nacionalidade',
  cpfLength: 'CPF deve ter 11 dígitos',
  cpfInvalid: 'CPF inválido',
  estadoCivil: 'Selecione o estado civil',
  email: 'E-mail inválido',
  telefone: 'Telefone deve ter DDD + número',
  cep: 'CEP deve ter 8 dígitos',
  logradouro: 'Logradouro é obrigatório',
  numero: 'Número é obrigatório',
  bairro: 'Bairro é obrigatório',
  cidade: 'Cidade é obrigatória',
  uf: 'UF é obrigatória',
  ufUnknown: 'UF inválida',
  fileTooLarge: `Arquivo deve ter até ${MAX_UPLOAD_MB}MB`,
  fileRequired: 'Arquivo é obrigatório',
  fileEmpty: 'O arquivo está vazio',
  fileType: 'Formato não aceito. Envie um arquivo PDF, JPG, JPEG, PNG ou WEBP',
  filePdfOnly: 'Formato não aceito. Envie um arquivo PDF',
  fileImageOnly: 'Formato não aceito. Envie uma imagem JPG, JPEG, PNG ou WEBP',
  docProfissionalTipo: 'Selecione o tipo de documento',
  docProfissionalNumero: 'Número do documento é obrigatório',
  /** The identity document's data, typed by the applicant when the reading fails. */
  docIdentidadeNome: 'Nome no documento é obrigatório',
  docIdentidadeNumero: 'Número do documento é obrigatório',
  docIdentidadeValidade: 'Validade inválida. Use o formato DD/MM/AAAA',
  livenessSchema: 'Verificação de vivacidade deve passar',
  livenessScreen: 'É necessário passar na verificação de vivacidade para continuar.',
  pepTipo: 'Selecione uma opção sobre PEP',
  pepFields: 'Preencha todos os campos obrigatórios para PEP',
  consentimentoLgpd: 'Consentimento LGPD é obrigatório',
  consentimentoKyc: 'Consentimento KYC é obrigatório',
  razaoSocial: 'Razão social deve ter pelo menos 5 caracteres',
  nomeFantasia: 'Nome fantasia é obrigatório',
  cnpjLength: 'CNPJ deve ter 14 dígitos',
  cnpjInvalid: 'CNPJ inválido',
  tipoEmpresa: 'Selecione o tipo de empresa',
  areaAtuacao: 'Área de atuação é obrigatória',
  responsavelNome: 'Nome do responsável deve ter pelo menos 5 caracteres',
  responsavelRg: 'RG é obrigatório',
  responsavelCargo: 'Selecione o cargo do responsável',
  cnes: 'CNES deve conter apenas números, com até 7 dígitos',
  banco: 'Selecione o banco',
  agencia: 'Agência é obrigatória',
  agenciaFormat: 'Agência deve conter apenas números e hífen',
  conta: 'Conta é obrigatória',
  contaFormat: 'Conta deve conter apenas números e hífen',
  tipoConta: 'Selecione o tipo de conta',
  faturamentoMensal: 'Selecione o faturamento mensal',
  numeroFuncionarios: 'Selecione o número de funcionários',
  otpCode: 'O código deve ter 6 dígitos',
  exigencias: 'Descreva as exigências',
  motivoNegacao: 'Informe o motivo da negação',
  rectification: 'Adicione uma justificativa ou atualize pelo menos um documento',
  tooLong: (max: number) => `Use no máximo ${max} caracteres`,
  /**
   * A person's name with a letter of another script (Cyrillic, Greek...), a digit, a symbol or an
   * invisible character (names.ts). The spec has no message for it.
   */
  nameLatin: 'Use apenas letras do alfabeto latino no nome',
  /** The same for a company name, which also takes digits and punctuation. */
  companyNameLatin: 'Use apenas letras do alfabeto latino, números e pontuação no nome',
} as const;

/**
 * What a rule without its own message says (zod's global error map, zod-messages.ts): never
 * zod's English. A field's own message (above, or the schema's) always takes precedence.
 */
export const fallbackMessages = {
  required: 'Campo obrigatório',
  invalid: 'Valor inválido',
  option: 'Selecione uma opção válida',
  format: 'Formato inválido',
  unknownFields: 'A requisição contém campos não reconhecidos',
  tooShort: (min: number) => `Use pelo menos ${min} caracteres`,
  numberTooSmall: (min: number) => `O valor deve ser no mínimo ${min}`,
  numberTooBig: (max: number) => `O valor deve ser no máximo ${max}`,
  numberAbove: (min: number) => `O valor deve ser maior que ${min}`,
  numberBelow: (max: number) => `O valor deve ser menor que ${max}`,
  exactLength: (length: number) => `Use exatamente ${length} caracteres`,
  tooFewItems: (min: number) => `Informe pelo menos ${min} ${min === 1 ? 'item' : 'itens'}`,
  tooManyItems: (max: number) => `Informe no máximo ${max} ${max === 1 ? 'item' : 'itens'}`,
} as const;

/** Requests refused before any route reads them (the API's error body, api-error.ts). */
export const requestMessages = {
  badUrl: 'O endereço da requisição é inválido.',
  urlTooLong: 'O endereço da requisição é longo demais.',
  headersTooLarge: 'Os cabeçalhos da requisição excedem o tamanho máximo permitido.',
  timeout: 'A requisição demorou demais para chegar. Tente novamente.',
  invalidCharacters: 'A requisição contém caracteres inválidos.',
  uploadIncomplete: 'O arquivo chegou incompleto. Envie o arquivo novamente.',
  /** A request that reached a process while it hands over to the others (SIGTERM): 503. */
  restarting: 'O servidor está sendo reiniciado. Tente novamente em instantes.',
} as const;

/**
 * Admin passwords: besides the minimum length, the server refuses a password that a strength
 * estimate (zxcvbn) finds easy to guess. The spec has no message for it.
 */
export const passwordMessages = {
  weak: 'Senha fraca: use uma frase longa ou misture palavras, números e símbolos.',
} as const;
