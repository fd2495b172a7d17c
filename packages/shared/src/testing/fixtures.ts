/** Valid sample inputs for the schema tests. */
export const sampleFile = (type = 'image/jpeg', size = 1000) => ({
  id: 'doc_1',
  name: type === 'application/pdf' ? 'arquivo.pdf' : 'foto.jpg',
  size,
  type,
});

export const pdfFile = () => sampleFile('application/pdf');

export const validAddress = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  complemento: '',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'sp',
};

export const validPfApplication = {
  nomeCompleto: '  Ana Beatriz Souza ',
  nacionalidade: 'brasileira',
  cpf: '529.982.247-25',
  estadoCivil: 'solteiro',
  email: ' Ana.Souza@Example.COM ',
  telefone: '+55 (11) 98765-4321',
  ...validAddress,
  comprovanteResidencia: pdfFile(),
  docProfissionalTipo: 'CRM',
  docProfissionalNumero: '123456',
  docProfissionalUf: 'SP',
  docProfissionalOrgaoEmissor: 'CRM-SP',
  docIdentidadeFrente: sampleFile(),
  docIdentidadeVerso: sampleFile(),
  selfie: sampleFile('image/webp'),
  selfieDoc: sampleFile('image/png'),
  livenessPassed: true,
  pepTipo: 'NAO',
  consentimentoLgpd: true,
  consentimentoKyc: true,
};

export const validPjApplication = {
  razaoSocial: 'Clínica Exemplo Ltda',
  nomeFantasia: 'Clínica Exemplo',
  cnpj: '12.abc.345/01de-35',
  inscricaoEstadual: '',
  inscricaoMunicipal: '123456',
  tipoEmpresa: 'clinica',
  areaAtuacao: 'geral',
  email: 'contato@clinica.com.br',
  telefone: '(11) 98765-4321',
  ...validAddress,
  comprovanteEndereco: pdfFile(),
  responsavelNome: 'Carlos Pereira',
  responsavelCpf: '52998224725',
  responsavelRg: '12.345.678-9',
  responsavelCargo: 'administrador',
  responsavelDocFrente: sampleFile(),
  responsavelDocVerso: sampleFile(),
  contratoSocial: pdfFile(),
  cartaoCnpj: pdfFile(),
  alvaraFuncionamento: sampleFile(),
  cnes: '',
  banco: '001',
  agencia: '1234-5',
  conta: '12345-6',
  tipoConta: 'corrente',
  faturamentoMensal: 'ate_50k',
  numeroFuncionarios: '1_10',
  consentimentoLgpd: true,
  consentimentoKyc: true,
};
