import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewMessages, type ApplicationDetail } from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import {
  apiError,
  currentPath,
  fetchMock,
  json,
  master,
  noContent,
  renderAdmin,
  sessionOf,
  stubApi,
  type Handler,
} from '../../test-utils';
import { pjDetail, pjId } from './review-test-fixtures';

beforeEach(() => {
  toast.dismiss();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type PjDetail = Extract<ApplicationDetail, { flow: 'PJ' }>;

const detailPath = `/onboarding/admin/pj/${pjId}`;
const detailApi = `GET /api/admin/applications/pj/${pjId}`;
const post = (action: string) => `POST /api/admin/applications/pj/${pjId}/${action}`;

function withDetail(detail: () => PjDetail | Response, extra: Record<string, Handler> = {}) {
  return stubApi({
    'GET /api/admin/session': () => json(sessionOf(master)),
    [detailApi]: () => {
      const answer = detail();
      return answer instanceof Response ? answer : json(answer);
    },
    'GET /api/admin/applications/pj': () =>
      json({ items: [], total: 0, filtered: 0, page: 1, pageSize: 20 }),
    ...extra,
  });
}

const card = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('.rounded-lg') as HTMLElement;
const valueOf = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
const loaded = () => screen.findByRole('heading', { level: 1, name: 'Detalhes do Onboarding PJ' });

describe('PJ detail', () => {
  it('shows the company, the legal representative, the address and the finances with labels', async () => {
    withDetail(() => pjDetail);
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

    const consents = card('Consentimentos');
    expect(valueOf(consents, 'Consentimento LGPD')).toHaveTextContent('Aceito');
    expect(valueOf(consents, 'Consentimento KYC')).toHaveTextContent('Aceito');

    expect(card('Histórico de status')).toHaveTextContent(
      'Enviado para AnáliseparaAprovadoana.souza@medipay.com.br',
    );
    expect(card('Ações administrativas')).toHaveTextContent('Conta MediPay criada.');
  });

  it('links each document with Visualizar Documento in a new tab, with earlier versions', async () => {
    withDetail(() => pjDetail);
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

  it('goes back to analysis: toast Status alterado and the new status', async () => {
    let detail: PjDetail = pjDetail;
    const api = withDetail(() => detail, {
      [post('reopen')]: () => {
        detail = {
          ...pjDetail,
          status: 'EM_ANALISE',
          allowedActions: ['approve', 'request-changes', 'deny'],
        };
        return json(detail);
      },
    });
    const { user } = renderAdmin(detailPath);
    await loaded();
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Voltar para Análise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Voltar para Análise?' });
    await user.click(within(dialog).getByRole('button', { name: 'Voltar para Análise' }));
    expect(await screen.findByText('Status alterado')).toBeVisible();
    expect(screen.getByText('Onboarding PJ foi retornado para análise.')).toBeVisible();
    expect(api.calls(post('reopen'))[0]?.body).toEqual({ expectedStatus: 'APROVADO' });
    expect(screen.getByText('Em Análise', { selector: '[data-tone]' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Aprovar' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Em Exigência' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Negar' })).toBeVisible();
  });

  it('toasts a refused reopen with the spec text', async () => {
    withDetail(() => pjDetail, {
      [post('reopen')]: () => apiError(500, 'x', errorCodes.internal),
    });
    const { user } = renderAdmin(detailPath);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Voltar para Análise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Voltar para Análise?' });
    await user.click(within(dialog).getByRole('button', { name: 'Voltar para Análise' }));
    expect(await screen.findByText('Não foi possível alterar o status')).toBeVisible();
    expect(screen.getByText('Erro')).toBeVisible();
    // The PF wording is not the PJ one.
    expect(screen.queryByText(reviewMessages.reopenFailed)).toBeNull();
  });

  it("denies a company with a required reason: toast 'Rejeitado', the company notified", async () => {
    let detail: PjDetail = {
      ...pjDetail,
      status: 'ENVIADO_PARA_ANALISE',
      allowedActions: ['approve', 'request-changes', 'deny'],
    };
    const api = withDetail(() => detail, {
      [post('deny')]: () => {
        detail = { ...detail, status: 'NEGADO', motivoNegacao: 'CNPJ inapto', allowedActions: [] };
        return json(detail);
      },
    });
    const { user } = renderAdmin(detailPath);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Negar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Negar onboarding' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Motivo da negação' }),
      'CNPJ inapto',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Negação' }));
    expect(await screen.findByText('Rejeitado')).toBeVisible();
    expect(
      screen.getByText('O onboarding foi rejeitado e a empresa foi notificada por e-mail.'),
    ).toBeVisible();
    expect(screen.queryByText(reviewMessages.denied)).toBeNull();
    expect(api.calls(post('deny'))[0]?.body).toEqual({
      expectedStatus: 'ENVIADO_PARA_ANALISE',
      motivo: 'CNPJ inapto',
    });
    expect(screen.getByText('Negado', { selector: '[data-tone]' })).toBeVisible();
  });

  it("toasts a failed denial of a company with 'Não foi possível rejeitar o onboarding'", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    withDetail(
      () => ({
        ...pjDetail,
        status: 'ENVIADO_PARA_ANALISE',
        allowedActions: ['approve', 'request-changes', 'deny'],
      }),
      { [post('deny')]: () => apiError(500, 'x', errorCodes.internal) },
    );
    const { user } = renderAdmin(detailPath);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Negar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Negar onboarding' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo da negação' }), 'Fraude');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Negação' }));
    expect(await screen.findByText('Não foi possível rejeitar o onboarding')).toBeVisible();
    expect(screen.queryByText(reviewMessages.denyFailed)).toBeNull();
  });

  it('puts in requirement and resends the requirements when allowed', async () => {
    let detail: PjDetail = {
      ...pjDetail,
      status: 'ENVIADO_PARA_ANALISE',
      allowedActions: ['approve', 'request-changes', 'deny'],
    };
    const api = withDetail(() => detail, {
      [post('request-changes')]: () => {
        detail = {
          ...detail,
          status: 'EM_EXIGENCIA',
          exigencias: 'Envie o alvará.',
          allowedActions: ['deny', 'reopen', 'resend-requirements'],
        };
        return json(detail);
      },
      [post('resend-requirements')]: () => noContent(),
    });
    const { user } = renderAdmin(detailPath);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Em Exigência' }));
    const dialog = await screen.findByRole('dialog', { name: 'Colocar em exigência' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Exigências' }), 'Envie o alvará.');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Exigências' }));
    expect(await screen.findByText('Em exigência')).toBeVisible();
    expect(screen.getByText('A empresa foi notificada por e-mail.')).toBeVisible();
    expect(api.calls(post('request-changes'))[0]?.body).toEqual({
      expectedStatus: 'ENVIADO_PARA_ANALISE',
      exigencias: 'Envie o alvará.',
    });

    await user.click(await screen.findByRole('button', { name: 'Reenviar exigências' }));
    expect(await screen.findByText(reviewMessages.resent)).toBeVisible();
    expect(api.calls(post('resend-requirements'))[0]?.body).toEqual({
      expectedStatus: 'EM_EXIGENCIA',
    });
  });

  it('says Onboarding não encontrado for an unknown company, with a way back', async () => {
    withDetail(() => apiError(404, 'Onboarding não encontrado.', errorCodes.notFound));
    const { user } = renderAdmin(detailPath);
    expect(
      await screen.findByRole('heading', { level: 1, name: reviewMessages.notFound }),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: reviewMessages.backToList }));
    expect(currentPath()).toBe('/onboarding/admin/pj');
  });

  it('goes back to the PJ list with Voltar', async () => {
    withDetail(() => pjDetail);
    const { user } = renderAdmin(detailPath);
    await loaded();
    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    expect(currentPath()).toBe('/onboarding/admin/pj');
  });
});
