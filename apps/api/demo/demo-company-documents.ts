/**
 * The company documents of the demonstration's PJ applications, laid out like the real ones:
 * articles of association, registry card, operating licence and CNES record.
 */
import { formatDate, saoPauloParts } from '@medipay/shared/dates';
import { maskCep } from '@medipay/shared/masks';
import { labelOf, tipoEmpresaOptions, ufOptions } from '@medipay/shared/options';
import { formatPhone } from '@medipay/shared/phone';
import { formatCnpj, formatCpf } from '@medipay/shared/tax-id';
import type { DemoPj } from './demo-dataset';
import { addressLine, cityLine, DAY_MS, money, renderPdf, stableNumber } from './demo-pdf';

const naturezaJuridica = (pj: DemoPj) =>
  pj.tipoEmpresa === 'organizacao_social'
    ? '399-9 - Associação Privada'
    : pj.razaoSocial.endsWith('S.A.')
      ? '205-4 - Sociedade Anônima Fechada'
      : '206-2 - Sociedade Empresária Limitada';

/**
 * The articles of association (or bylaws); `signed: false` is a copy without the signature
 * page, as sent before a requirement.
 */
export function articlesOfAssociation(
  pj: DemoPj,
  options: { date: Date; signed: boolean },
): Promise<Buffer> {
  const corporation = pj.razaoSocial.endsWith('S.A.');
  const association = pj.tipoEmpresa === 'organizacao_social';
  const kind = association
    ? 'Estatuto social'
    : corporation
      ? 'Estatuto social'
      : 'Contrato social';
  const capital = 50_000 + stableNumber(pj.cnpj, 40) * 25_000;
  const responsible = `${pj.responsavel.nome}, brasileiro(a), inscrito(a) no CPF sob o nº ${formatCpf(pj.responsavel.cpf)}, portador(a) do RG nº ${pj.responsavel.rg}`;
  return renderPdf({
    issuer: `Junta Comercial do Estado de ${labelOf(ufOptions, pj.endereco.uf)} (fictícia)`,
    title: `${kind} - ${pj.razaoSocial}`,
    subtitle: `CNPJ ${formatCnpj(pj.cnpj)} - ${naturezaJuridica(pj)}`,
    date: options.date,
    blocks: [
      {
        paragraphs: [
          `Pelo presente instrumento, ${responsible}, e demais ${association ? 'associados' : 'sócios'} qualificados nos atos arquivados, resolvem consolidar o ${kind.toLowerCase()} de ${pj.razaoSocial}, que se regerá pelas cláusulas seguintes.`,
        ],
      },
      {
        heading: 'Cláusula primeira - Denominação e sede',
        paragraphs: [
          `A ${association ? 'entidade' : 'sociedade'} gira sob a denominação ${pj.razaoSocial}, com nome fantasia ${pj.nomeFantasia}, e tem sede na ${addressLine(pj.endereco)}, ${cityLine(pj.endereco)}.`,
        ],
      },
      {
        heading: 'Cláusula segunda - Objeto',
        paragraphs: [
          `O objeto é a prestação de serviços de saúde na modalidade ${labelOf(tipoEmpresaOptions, pj.tipoEmpresa).toLowerCase()}, compreendendo a atividade ${pj.atividadePrincipal}.`,
        ],
      },
      {
        heading: association
          ? 'Cláusula terceira - Patrimônio'
          : 'Cláusula terceira - Capital social',
        paragraphs: [
          association
            ? 'O patrimônio da entidade é constituído por doações, contribuições dos associados e receitas de convênios, aplicados integralmente em suas finalidades, vedada a distribuição de resultados.'
            : `O capital social é de ${money(capital * 100)}, totalmente subscrito e integralizado em moeda corrente nacional.`,
        ],
      },
      {
        heading: 'Cláusula quarta - Administração',
        paragraphs: [
          `A administração cabe a ${pj.responsavel.nome}, que representa a ${association ? 'entidade' : 'sociedade'} ativa e passivamente, em juízo ou fora dele, vedado o uso da denominação em negócios estranhos ao objeto.`,
        ],
      },
      {
        heading: 'Cláusula quinta - Foro',
        paragraphs: [
          `Fica eleito o foro da comarca de ${pj.endereco.cidade}/${pj.endereco.uf} para as questões oriundas deste instrumento.`,
        ],
      },
    ],
    signatures: options.signed ? [pj.responsavel.nome, 'Testemunha', 'Testemunha'] : undefined,
  });
}

/**
 * A public register's record of the company, as its site prints it on `issued` (`issuedWord`:
 * the register's own "Emitido" or "Emitida").
 */
function registerRecord(record: {
  issuer: string;
  title: string;
  issuedWord: 'Emitido' | 'Emitida';
  issued: Date;
  fields: [string, string][];
}): Promise<Buffer> {
  return renderPdf({
    issuer: record.issuer,
    title: record.title,
    subtitle: `${record.issuedWord} em ${formatDate(record.issued)} (reprodução fictícia)`,
    date: record.issued,
    blocks: [{ fields: record.fields }],
  });
}

/** The registry card (Comprovante de Inscrição e de Situação Cadastral). */
export function registryCard(pj: DemoPj, issued: Date): Promise<Buffer> {
  const opened = new Date(issued.getTime() - (800 + stableNumber(pj.cnpj, 4000)) * DAY_MS);
  return registerRecord({
    issuer: 'República Federativa do Brasil - Cadastro Nacional da Pessoa Jurídica',
    title: 'Comprovante de inscrição e de situação cadastral',
    issuedWord: 'Emitido',
    issued,
    fields: [
      ['Número de inscrição', `${formatCnpj(pj.cnpj)} - MATRIZ`],
      ['Data de abertura', formatDate(opened)],
      ['Nome empresarial', pj.razaoSocial.toUpperCase()],
      ['Título do estabelecimento (nome de fantasia)', pj.nomeFantasia.toUpperCase()],
      ['Código e descrição da atividade econômica principal', pj.atividadePrincipal],
      ['Código e descrição da natureza jurídica', naturezaJuridica(pj)],
      ['Logradouro', `${pj.endereco.logradouro}, ${pj.endereco.numero}`],
      ['Complemento', pj.endereco.complemento ?? '********'],
      [
        'Bairro / Município / UF',
        `${pj.endereco.bairro} - ${pj.endereco.cidade}/${pj.endereco.uf}`,
      ],
      ['CEP', maskCep(pj.endereco.cep)],
      ['Endereço eletrônico / Telefone', `${pj.email} / ${formatPhone(pj.telefone)}`],
      ['Situação cadastral', 'ATIVA'],
      ['Data da situação cadastral', formatDate(opened)],
    ],
  });
}

/** The municipal operating licence (alvará de funcionamento), valid until `validUntil`. */
export function operatingLicence(
  pj: DemoPj,
  options: { issued: Date; validUntil: Date },
): Promise<Buffer> {
  return renderPdf({
    issuer: `Prefeitura Municipal de ${pj.endereco.cidade} (fictícia)`,
    title: 'Alvará de licença para localização e funcionamento',
    subtitle: `Alvará nº ${String(stableNumber(pj.cnpj, 900_000) + 100_000)}/${saoPauloParts(options.issued).year}`,
    date: options.issued,
    blocks: [
      {
        fields: [
          ['Razão social', pj.razaoSocial],
          ['CNPJ', formatCnpj(pj.cnpj)],
          ['Inscrição municipal', pj.inscricaoMunicipal ?? 'Não informada'],
          ['Endereço', `${addressLine(pj.endereco)} - ${cityLine(pj.endereco)}`],
          ['Atividade licenciada', pj.atividadePrincipal],
          ['Data de emissão', formatDate(options.issued)],
          ['Validade', formatDate(options.validUntil)],
        ],
      },
      {
        paragraphs: [
          'Este alvará deve ser mantido em local visível no estabelecimento. A licença não dispensa as autorizações sanitárias e de segurança exigidas para a atividade.',
        ],
      },
    ],
  });
}

/** The establishment's record in the national health establishment register (CNES). */
export function cnesRecord(pj: DemoPj, issued: Date): Promise<Buffer> {
  return registerRecord({
    issuer: 'Ministério da Saúde - Cadastro Nacional de Estabelecimentos de Saúde',
    title: 'Ficha do estabelecimento de saúde',
    issuedWord: 'Emitida',
    issued,
    fields: [
      ['CNES', pj.cnes ?? ''],
      ['Nome', pj.nomeFantasia.toUpperCase()],
      ['Razão social', pj.razaoSocial.toUpperCase()],
      ['CNPJ', formatCnpj(pj.cnpj)],
      ['Tipo de estabelecimento', labelOf(tipoEmpresaOptions, pj.tipoEmpresa)],
      ['Gestão', 'Municipal'],
      ['Endereço', addressLine(pj.endereco)],
      ['Município / UF', cityLine(pj.endereco)],
      ['Responsável', pj.responsavel.nome],
    ],
  });
}
