/**
 * The utility bills of the demonstration applications: the applicant's electricity bill (proof
 * of residence) and the company's water bill (proof of address).
 */
import { formatDate } from '@medipay/shared/dates';
import { labelOf, ufOptions } from '@medipay/shared/options';
import { formatCnpj } from '@medipay/shared/tax-id';
import type { DemoAddress, DemoPj } from './demo-dataset';
import {
  addressLine,
  cityLine,
  DAY_MS,
  money,
  monthYear,
  renderPdf,
  stableNumber,
  type PdfBlock,
} from './demo-pdf';

/** A monthly bill: who pays it, then the invoice (issued `issued`, for the month before). */
function utilityBill(bill: {
  issuer: string;
  title: string;
  issued: Date;
  holder: PdfBlock;
  /** The label and number of the customer's account. */
  account: [string, string];
  dueInDays: number;
  consumption: string;
  totalCents: number;
}): Promise<Buffer> {
  const { issued } = bill;
  return renderPdf({
    issuer: bill.issuer,
    title: bill.title,
    subtitle: `Referência ${monthYear(new Date(issued.getTime() - 20 * DAY_MS))}`,
    date: issued,
    blocks: [
      bill.holder,
      {
        heading: 'Fatura',
        fields: [
          bill.account,
          ['Data de emissão', formatDate(issued)],
          ['Vencimento', formatDate(new Date(issued.getTime() + bill.dueInDays * DAY_MS))],
          ['Consumo', bill.consumption],
          ['Valor total', money(bill.totalCents)],
        ],
      },
    ],
  });
}

/** An electricity bill at the applicant's address (proof of residence). */
export function proofOfResidence(input: {
  nome: string;
  address: DemoAddress;
  /** When the bill was issued. */
  issued: Date;
}): Promise<Buffer> {
  const { nome, address, issued } = input;
  const seed = `${nome}${address.cep}`;
  const kwh = 120 + stableNumber(seed, 260);
  return utilityBill({
    issuer: `Distribuidora de Energia de ${labelOf(ufOptions, address.uf)} (fictícia)`,
    title: 'Conta de energia elétrica',
    issued,
    holder: {
      heading: 'Titular',
      fields: [
        ['Nome', nome.toUpperCase()],
        ['Endereço da instalação', addressLine(address)],
        ['Município', cityLine(address)],
      ],
    },
    account: ['Número da instalação', String(3_000_000_000 + stableNumber(seed, 999_999_999))],
    dueInDays: 12,
    consumption: `${kwh} kWh`,
    totalCents: kwh * 92 + stableNumber(seed, 99),
  });
}

/** A water bill in the company's name at its address (proof of address). */
export function companyProofOfAddress(pj: DemoPj, issued: Date): Promise<Buffer> {
  const volume = 18 + stableNumber(pj.cnpj, 160);
  return utilityBill({
    issuer: `Companhia de Saneamento de ${labelOf(ufOptions, pj.endereco.uf)} (fictícia)`,
    title: 'Conta de água e esgoto',
    issued,
    holder: {
      heading: 'Cliente',
      fields: [
        ['Razão social', pj.razaoSocial.toUpperCase()],
        ['CNPJ', formatCnpj(pj.cnpj)],
        ['Endereço', addressLine(pj.endereco)],
        ['Município', cityLine(pj.endereco)],
      ],
    },
    account: ['Matrícula', String(10_000_000 + stableNumber(pj.cnpj, 89_999_999))],
    dueInDays: 15,
    consumption: `${volume} m³`,
    totalCents: volume * 1480 + stableNumber(pj.cnpj, 99),
  });
}
