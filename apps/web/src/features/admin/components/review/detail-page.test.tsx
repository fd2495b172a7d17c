import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reviewMessages, type ApplicationDetail } from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import { apiError, currentPath, deferred, json, noContent, renderAdmin } from '../../test-utils';
import {
  awaitingDecision,
  detailOf,
  reviewTestFlows,
  setUpReviewTests,
  withDetail,
} from './review-test-flows';
import { expectVisibleText } from '../../../../testing/visible-text';

setUpReviewTests();

describe.each(reviewTestFlows)('$title detail', (flow) => {
  const { path: detailPath, api: detailApi, post } = detailOf(flow);
  const loaded = () => screen.findByRole('heading', { level: 1, name: flow.detailTitle });
  const approved: ApplicationDetail = {
    ...flow.detail,
    status: 'APROVADO',
    allowedActions: ['reopen'],
    analisadoPor: 'ana.souza@medipay.com.br',
    analisadoEm: '2025-03-11T12:00:00.000Z',
  };

  it('approves after confirmation with the status shown, toasts and shows the new status', async () => {
    let detail = awaitingDecision(flow);
    const api = withDetail(flow, () => detail, {
      [post('approve')]: () => {
        detail = approved;
        return json(approved);
      },
    });
    const { user } = renderAdmin(detailPath);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar onboarding?' });
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await expectVisibleText('Aprovado com sucesso');
    expect(api.calls(post('approve'))[0]?.body).toEqual({ expectedStatus: flow.analysingStatus });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Aprovado', { selector: '[data-tone]' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Voltar para Análise' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
  });

  it('puts in requirement: Exigências is required, the button waits for the server, and the requirements can be resent', async () => {
    let detail = awaitingDecision(flow);
    const answer = deferred();
    const api = withDetail(flow, () => detail, {
      [post('request-changes')]: () => answer.promise,
      [post('resend-requirements')]: () => noContent(),
    });
    const { user } = renderAdmin(detailPath);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Em Exigência' }));
    const dialog = await screen.findByRole('dialog', { name: 'Colocar em exigência' });
    const send = within(dialog).getByRole('button', { name: 'Enviar Exigências' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Exigências' }), '  ');
    expect(send).toBeDisabled();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Exigências' }),
      'Envie o verso do RG.',
    );
    await user.click(send);
    expect(within(dialog).getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    expect(api.calls(post('request-changes'))[0]?.body).toEqual({
      expectedStatus: flow.analysingStatus,
      exigencias: 'Envie o verso do RG.',
    });
    detail = {
      ...detail,
      status: 'EM_EXIGENCIA',
      exigencias: 'Envie o verso do RG.',
      allowedActions: flow.requirementActions,
    };
    answer.release(json(detail));
    await expectVisibleText('Em exigência');
    expect(screen.getByText(flow.requestedChangesDescription)).toBeVisible();
    expect(screen.getByRole('note', { name: 'Exigências' })).toHaveTextContent(
      'Envie o verso do RG.',
    );

    await user.click(await screen.findByRole('button', { name: 'Reenviar exigências' }));
    await expectVisibleText(reviewMessages.resent);
    expect(api.calls(post('resend-requirements'))[0]?.body).toEqual({
      expectedStatus: 'EM_EXIGENCIA',
    });
  });

  it('denies with a required reason after warning that it cannot be undone', async () => {
    let detail = awaitingDecision(flow);
    const api = withDetail(flow, () => detail, {
      [post('deny')]: () => {
        detail = { ...detail, status: 'NEGADO', motivoNegacao: 'Fraude', allowedActions: [] };
        return json(detail);
      },
    });
    const { user } = renderAdmin(detailPath);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Negar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Negar onboarding' });
    expect(dialog).toHaveTextContent('Esta ação não pode ser desfeita.');
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar Negação' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo da negação' }), 'Fraude');
    await user.click(confirm);
    await expectVisibleText(flow.denied.title);
    expect(screen.getByText(flow.denied.description)).toBeVisible();
    expect(screen.queryByText(flow.otherDenied)).toBeNull();
    expect(api.calls(post('deny'))[0]?.body).toEqual({
      expectedStatus: flow.analysingStatus,
      motivo: 'Fraude',
    });
    expect(screen.getByRole('note', { name: 'Motivo da negação' })).toHaveTextContent('Fraude');
    expect(screen.getByText('Negado', { selector: '[data-tone]' })).toBeVisible();
  });

  it("toasts a failed denial with the flow's text", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    withDetail(flow, () => awaitingDecision(flow), {
      [post('deny')]: () => apiError(500, 'x', errorCodes.internal),
    });
    const { user } = renderAdmin(detailPath);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Negar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Negar onboarding' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo da negação' }), 'Fraude');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Negação' }));
    await expectVisibleText(flow.denyFailed);
    expect(screen.queryByText(flow.otherDenyFailed)).toBeNull();
  });

  it('goes back to analysis from APROVADO: the toast and the new status', async () => {
    let detail = approved;
    const api = withDetail(flow, () => detail, {
      [post('reopen')]: () => {
        detail = {
          ...approved,
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
    for (const text of flow.reopened) await expectVisibleText(text);
    expect(api.calls(post('reopen'))[0]?.body).toEqual({ expectedStatus: 'APROVADO' });
    expect(screen.getByText('Em Análise', { selector: '[data-tone]' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Aprovar' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Em Exigência' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Negar' })).toBeVisible();
  });

  it('toasts a refused reopen with the spec text', async () => {
    withDetail(flow, () => approved, {
      [post('reopen')]: () => apiError(500, 'x', errorCodes.internal),
    });
    const { user } = renderAdmin(detailPath);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Voltar para Análise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Voltar para Análise?' });
    await user.click(within(dialog).getByRole('button', { name: 'Voltar para Análise' }));
    await expectVisibleText(flow.reopenFailed);
    expect(screen.getByText('Erro')).toBeVisible();
    // Each flow has its own wording.
    expect(screen.queryByText(flow.otherReopenFailed)).toBeNull();
  });

  it('shows the server message of a 409 and reads the application again', async () => {
    let detail = awaitingDecision(flow);
    const api = withDetail(flow, () => detail, {
      [post('approve')]: () => {
        detail = { ...detail, status: 'NEGADO', allowedActions: [] };
        return apiError(409, reviewMessages.conflict, errorCodes.conflict);
      },
    });
    const { user } = renderAdmin(detailPath);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprovar onboarding?' });
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await expectVisibleText(reviewMessages.conflict);
    expect(screen.getByText(reviewMessages.errorTitle)).toBeVisible();
    await waitFor(() => expect(api.calls(detailApi)).toHaveLength(2));
    await expectVisibleText('Negado', { selector: '[data-tone]' });
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
  });

  it('toasts the spec text when an action fails for another reason', async () => {
    withDetail(flow, () => awaitingDecision(flow), {
      [post('request-changes')]: () => apiError(500, 'x', errorCodes.internal),
    });
    const { user } = renderAdmin(detailPath);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Em Exigência' }));
    const dialog = await screen.findByRole('dialog', { name: 'Colocar em exigência' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Exigências' }), 'Verso do RG');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Exigências' }));
    await expectVisibleText('Não foi possível colocar em exigência');
    // The dialog stays with the text, to try again.
    expect(within(dialog).getByRole('textbox', { name: 'Exigências' })).toHaveValue('Verso do RG');
  });

  it('says Onboarding não encontrado for an unknown id, with a way back to the list', async () => {
    withDetail(flow, () => apiError(404, 'Onboarding não encontrado.', errorCodes.notFound));
    const { user } = renderAdmin(detailPath);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Onboarding não encontrado' }),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Voltar para lista' }));
    expect(currentPath()).toBe(flow.listPath);
  });

  it('toasts a load failure and loads again on request', async () => {
    let fail = true;
    withDetail(flow, () => (fail ? apiError(503, 'x', errorCodes.unavailable) : flow.detail));
    const { user } = renderAdmin(detailPath);
    expect(
      await screen.findByText('Não foi possível carregar os dados do onboarding'),
    ).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await loaded()).toBeVisible();
  });

  it('goes back to the list with Voltar', async () => {
    withDetail(flow, () => flow.detail);
    const { user } = renderAdmin(detailPath);
    await loaded();
    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    expect(currentPath()).toBe(flow.listPath);
  });
});
