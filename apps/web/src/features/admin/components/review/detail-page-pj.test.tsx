import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin } from '../../test-utils';
import { pjDetail } from './review-test-fixtures';
import {
  card,
  detailOf,
  pjTestFlow,
  setUpReviewTests,
  valueOf,
  withDetail,
} from './review-test-flows';

setUpReviewTests();

const { path: detailPath } = detailOf(pjTestFlow);
const loaded = () => screen.findByRole('heading', { level: 1, name: 'Detalhes do Onboarding PJ' });

describe('PJ detail', () => {
  it('shows the company, the legal representative, the address and the finances with labels', async () => {
    withDetail(pjTestFlow, () => pjDetail);
    renderAdmin(detailPath);
    await loaded();
    expect(document.title).toBe('Detalhes do Onboarding PJ | Painel Administrativo | MediPay');
    expect(
      screen.getByText('Analisado por ana.souza@medipay.com.br em 11/03/2025 às 09:00'),
    ).toBeVisible();

    const company = card('Dados da Empresa');
    expect(valueOf(company, 'Razão social')).toHaveTextContent('Hospital Vida Saúde Ltda');
    expect(valueOf(company, 'CNPJ')).toHaveTextContent('11.222.333/0001-81');
    expect(valueOf(company, 'Tipo de empresa')).toHaveTextContent('Hospital');
    expect(valueOf(company, 'Área de atuação')).toHaveTextContent('Cardiologia');
    expect(valueOf(company, 'E-mail')).toHaveTextContent('Verificado');
    expect(valueOf(company, 'Telefone')).toHaveTextContent('(21) 3333-4444Verificado');

    const responsible = card('Responsável Legal');
    expect(valueOf(responsible, 'CPF')).toHaveTextContent('529.982.247-25');
    expect(valueOf(responsible, 'Cargo')).toHaveTextContent('Diretor(a)');

    expect(valueOf(card('Endereço'), 'Complemento')).toHaveTextContent('—');
    expect(valueOf(card('Endereço'), 'UF')).toHaveTextContent('Rio de Janeiro');

    const finances = card('Informações Financeiras');
    expect(valueOf(finances, 'Banco')).toHaveTextContent('341 - Itaú Unibanco');
    expect(valueOf(finances, 'Agência')).toHaveTextContent('1234');
    expect(valueOf(finances, 'Conta')).toHaveTextContent('56789-0');
    expect(valueOf(finances, 'Tipo de conta')).toHaveTextContent('Conta Corrente');
    expect(valueOf(finances, 'Faturamento mensal')).toHaveTextContent('De R$ 100 mil a R$ 500 mil');
    expect(valueOf(finances, 'Número de funcionários')).toHaveTextContent('De 51 a 100');

    // The representative and the company against the registry: they agree, nothing on top.
    const identity = within(card('Verificação de identidade')).getByRole('table');
    expect(within(identity).getByRole('columnheader', { name: 'Receita Federal' })).toBeVisible();
    expect(within(identity).getByRole('row', { name: /^Razão social/ })).toHaveTextContent(
      'Hospital Vida Saúde LtdaHOSPITAL VIDA SAUDE LTDA—Confere',
    );
    expect(within(identity).getByRole('row', { name: /^Nome do responsável/ })).toHaveTextContent(
      'Paulo MendesPAULO MENDES—Confere',
    );
    expect(screen.queryByRole('region', { name: 'Divergências de identidade' })).toBeNull();

    const consents = card('Consentimentos');
    expect(valueOf(consents, 'Consentimento LGPD')).toHaveTextContent('Aceito');
    expect(valueOf(consents, 'Consentimento KYC')).toHaveTextContent('Aceito');

    expect(card('Histórico de status')).toHaveTextContent(
      'Enviado para AnáliseparaAprovadoana.souza@medipay.com.br',
    );
    expect(card('Ações administrativas')).toHaveTextContent('Conta MediPay criada.');
  });

  it('links each document with Visualizar Documento in a new tab, with earlier versions', async () => {
    withDetail(pjTestFlow, () => pjDetail);
    renderAdmin(detailPath);
    await loaded();
    const documents = card('Documentos');
    const links = within(documents).getAllByRole('link', { name: 'Visualizar Documento' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/api/documents/pj-contrato',
      '/api/documents/pj-cartao-2',
    ]);
    for (const link of links) expect(link).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAccessibleDescription('Contrato social');
    expect(links[1]).toHaveAccessibleDescription('Cartão CNPJ');
    expect(within(documents).getByRole('link', { name: 'cartao-cnpj-antigo.pdf' })).toHaveAttribute(
      'href',
      '/api/documents/pj-cartao-1',
    );
    expect(within(documents).getAllByText('Não enviado')).toHaveLength(5);
  });
});
