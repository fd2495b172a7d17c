/**
 * Option lists of the forms and of the back office: stored values with their Portuguese labels.
 * Each list's values also exist as a tuple (`xxxValues`) for zod enums.
 */

export type Option<Value extends string = string> = {
  readonly value: Value;
  readonly label: string;
};

function valuesOf<const Value extends string>(
  options: readonly Option<Value>[],
): [Value, ...Value[]] {
  return options.map((option) => option.value) as [Value, ...Value[]];
}

/** The label of a value in a list, or the value itself when the list does not know it. */
export function labelOf(options: readonly Option[], value: string | null | undefined): string {
  if (value == null) return '';
  return options.find((option) => option.value === value)?.label ?? value;
}

export const nacionalidadeOptions = [
  { value: 'brasileira', label: 'Brasileira' },
  { value: 'naturalizada', label: 'Naturalizada Brasileira' },
  { value: 'estrangeira', label: 'Estrangeira' },
] as const satisfies readonly Option[];
export const nacionalidadeValues = valuesOf(nacionalidadeOptions);
export type Nacionalidade = (typeof nacionalidadeValues)[number];

export const estadoCivilOptions = [
  { value: 'solteiro', label: 'Solteiro(a)' },
  { value: 'casado', label: 'Casado(a)' },
  { value: 'divorciado', label: 'Divorciado(a)' },
  { value: 'viuvo', label: 'Viúvo(a)' },
  { value: 'uniao_estavel', label: 'União Estável' },
] as const satisfies readonly Option[];
export const estadoCivilValues = valuesOf(estadoCivilOptions);
export type EstadoCivil = (typeof estadoCivilValues)[number];

/** Professional registration documents and the council that issues each. */
export const docProfissionalOptions = [
  {
    value: 'CRM',
    label: 'CRM - Conselho Regional de Medicina',
    council: 'Conselho Regional de Medicina',
  },
  {
    value: 'COREN',
    label: 'COREN - Conselho Regional de Enfermagem',
    council: 'Conselho Regional de Enfermagem',
  },
  {
    value: 'CRF',
    label: 'CRF - Conselho Regional de Farmácia',
    council: 'Conselho Regional de Farmácia',
  },
  {
    value: 'CRO',
    label: 'CRO - Conselho Regional de Odontologia',
    council: 'Conselho Regional de Odontologia',
  },
  {
    value: 'CREFITO',
    label: 'CREFITO - Conselho Regional de Fisioterapia e Terapia Ocupacional',
    council: 'Conselho Regional de Fisioterapia e Terapia Ocupacional',
  },
  {
    value: 'CRP',
    label: 'CRP - Conselho Regional de Psicologia',
    council: 'Conselho Regional de Psicologia',
  },
  {
    value: 'CRTR',
    label: 'CRTR - Conselho Regional de Técnicos em Radiologia',
    council: 'Conselho Regional de Técnicos em Radiologia',
  },
  { value: 'OUTRO', label: 'Outro', council: 'Outro conselho profissional' },
] as const satisfies readonly (Option & { council: string })[];
export const docProfissionalValues = valuesOf(docProfissionalOptions);
export type DocProfissionalTipo = (typeof docProfissionalValues)[number];

export const ufOptions = [
  { value: 'AC', label: 'Acre' },
  { value: 'AL', label: 'Alagoas' },
  { value: 'AP', label: 'Amapá' },
  { value: 'AM', label: 'Amazonas' },
  { value: 'BA', label: 'Bahia' },
  { value: 'CE', label: 'Ceará' },
  { value: 'DF', label: 'Distrito Federal' },
  { value: 'ES', label: 'Espírito Santo' },
  { value: 'GO', label: 'Goiás' },
  { value: 'MA', label: 'Maranhão' },
  { value: 'MT', label: 'Mato Grosso' },
  { value: 'MS', label: 'Mato Grosso do Sul' },
  { value: 'MG', label: 'Minas Gerais' },
  { value: 'PA', label: 'Pará' },
  { value: 'PB', label: 'Paraíba' },
  { value: 'PR', label: 'Paraná' },
  { value: 'PE', label: 'Pernambuco' },
  { value: 'PI', label: 'Piauí' },
  { value: 'RJ', label: 'Rio de Janeiro' },
  { value: 'RN', label: 'Rio Grande do Norte' },
  { value: 'RS', label: 'Rio Grande do Sul' },
  { value: 'RO', label: 'Rondônia' },
  { value: 'RR', label: 'Roraima' },
  { value: 'SC', label: 'Santa Catarina' },
  { value: 'SP', label: 'São Paulo' },
  { value: 'SE', label: 'Sergipe' },
  { value: 'TO', label: 'Tocantins' },
] as const satisfies readonly Option[];
export const ufValues = valuesOf(ufOptions);
export type Uf = (typeof ufValues)[number];

export const pepTipoOptions = [
  { value: 'NAO', label: 'Não sou pessoa politicamente exposta' },
  { value: 'PEP', label: 'Sou pessoa politicamente exposta (PEP)' },
  { value: 'RELACIONADO', label: 'Sou familiar ou colaborador próximo de uma PEP' },
] as const satisfies readonly Option[];
export const pepTipoValues = valuesOf(pepTipoOptions);
export type PepTipo = (typeof pepTipoValues)[number];

export const tipoEmpresaOptions = [
  { value: 'hospital', label: 'Hospital' },
  { value: 'clinica', label: 'Clínica' },
  { value: 'organizacao_social', label: 'Organização Social' },
  { value: 'laboratorio', label: 'Laboratório' },
  { value: 'centro_diagnostico', label: 'Centro de Diagnóstico' },
  { value: 'ambulatorio', label: 'Ambulatório' },
  { value: 'outros', label: 'Outros' },
] as const satisfies readonly Option[];
export const tipoEmpresaValues = valuesOf(tipoEmpresaOptions);
export type TipoEmpresa = (typeof tipoEmpresaValues)[number];

export const areaAtuacaoOptions = [
  { value: 'cardiologia', label: 'Cardiologia' },
  { value: 'ortopedia', label: 'Ortopedia' },
  { value: 'neurologia', label: 'Neurologia' },
  { value: 'oncologia', label: 'Oncologia' },
  { value: 'pediatria', label: 'Pediatria' },
  { value: 'ginecologia', label: 'Ginecologia' },
  { value: 'urologia', label: 'Urologia' },
  { value: 'oftalmologia', label: 'Oftalmologia' },
  { value: 'psiquiatria', label: 'Psiquiatria' },
  { value: 'geral', label: 'Geral' },
  { value: 'outros', label: 'Outros' },
] as const satisfies readonly Option[];
export const areaAtuacaoValues = valuesOf(areaAtuacaoOptions);
export type AreaAtuacao = (typeof areaAtuacaoValues)[number];

export const responsavelCargoOptions = [
  { value: 'diretor', label: 'Diretor(a)' },
  { value: 'socio', label: 'Sócio(a)' },
  { value: 'administrador', label: 'Administrador(a)' },
  { value: 'procurador', label: 'Procurador(a)' },
  { value: 'representante_legal', label: 'Representante Legal' },
  { value: 'outros', label: 'Outros' },
] as const satisfies readonly Option[];
export const responsavelCargoValues = valuesOf(responsavelCargoOptions);
export type ResponsavelCargo = (typeof responsavelCargoValues)[number];

/**
 * Banks and payment institutions by their COMPE code: the spec's list (001, 104, 237, 341, 033,
 * 356, 422, 633, 260, 077) first, then the other large ones in code order.
 */
export const bancoOptions = [
  { value: '001', label: '001 - Banco do Brasil' },
  { value: '104', label: '104 - Caixa Econômica Federal' },
  { value: '237', label: '237 - Bradesco' },
  { value: '341', label: '341 - Itaú Unibanco' },
  { value: '033', label: '033 - Santander' },
  { value: '356', label: '356 - Banco Real' },
  { value: '422', label: '422 - Banco Safra' },
  { value: '633', label: '633 - Banco Rendimento' },
  { value: '260', label: '260 - Nubank' },
  { value: '077', label: '077 - Banco Inter' },
  { value: '003', label: '003 - Banco da Amazônia' },
  { value: '004', label: '004 - Banco do Nordeste' },
  { value: '021', label: '021 - Banestes' },
  { value: '037', label: '037 - Banpará' },
  { value: '041', label: '041 - Banrisul' },
  { value: '047', label: '047 - Banese' },
  { value: '070', label: '070 - BRB - Banco de Brasília' },
  { value: '136', label: '136 - Unicred' },
  { value: '197', label: '197 - Stone' },
  { value: '208', label: '208 - BTG Pactual' },
  { value: '212', label: '212 - Banco Original' },
  { value: '290', label: '290 - PagBank (PagSeguro)' },
  { value: '318', label: '318 - Banco BMG' },
  { value: '323', label: '323 - Mercado Pago' },
  { value: '336', label: '336 - C6 Bank' },
  { value: '380', label: '380 - PicPay' },
  { value: '389', label: '389 - Banco Mercantil do Brasil' },
  { value: '403', label: '403 - Cora' },
  { value: '623', label: '623 - Banco Pan' },
  { value: '655', label: '655 - Banco BV' },
  { value: '707', label: '707 - Banco Daycoval' },
  { value: '745', label: '745 - Citibank' },
  { value: '748', label: '748 - Sicredi' },
  { value: '756', label: '756 - Sicoob' },
] as const satisfies readonly Option[];
export const bancoValues = valuesOf(bancoOptions);
export type Banco = (typeof bancoValues)[number];

export const tipoContaOptions = [
  { value: 'corrente', label: 'Conta Corrente' },
  { value: 'poupanca', label: 'Conta Poupança' },
] as const satisfies readonly Option[];
export const tipoContaValues = valuesOf(tipoContaOptions);
export type TipoConta = (typeof tipoContaValues)[number];

export const faturamentoMensalOptions = [
  { value: 'ate_50k', label: 'Até R$ 50 mil' },
  { value: '50k_100k', label: 'De R$ 50 mil a R$ 100 mil' },
  { value: '100k_500k', label: 'De R$ 100 mil a R$ 500 mil' },
  { value: '500k_1m', label: 'De R$ 500 mil a R$ 1 milhão' },
  { value: 'acima_1m', label: 'Acima de R$ 1 milhão' },
] as const satisfies readonly Option[];
export const faturamentoMensalValues = valuesOf(faturamentoMensalOptions);
export type FaturamentoMensal = (typeof faturamentoMensalValues)[number];

export const numeroFuncionariosOptions = [
  { value: '1_10', label: 'De 1 a 10' },
  { value: '11_50', label: 'De 11 a 50' },
  { value: '51_100', label: 'De 51 a 100' },
  { value: '101_500', label: 'De 101 a 500' },
  { value: 'acima_500', label: 'Acima de 500' },
] as const satisfies readonly Option[];
export const numeroFuncionariosValues = valuesOf(numeroFuncionariosOptions);
export type NumeroFuncionarios = (typeof numeroFuncionariosValues)[number];
