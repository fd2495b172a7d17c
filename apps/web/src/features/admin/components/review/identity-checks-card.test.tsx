import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApplicationDetail } from '@medipay/shared/admin-review';
import { IdentityChecksCard } from './identity-checks-card';
import { PfDocumentsCard } from './pf-documents-card';
import { pfDetail } from './review-test-fixtures';

type PfDetail = Extract<ApplicationDetail, { flow: 'PF' }>;

const withChecks = (checks: Partial<PfDetail['checks']>): PfDetail => ({
  ...pfDetail,
  checks: { ...pfDetail.checks, ...checks },
});

function renderCards(detail: PfDetail) {
  // The documents card decides on each document (a mutation): it needs the data layer.
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <IdentityChecksCard detail={detail} />
        <PfDocumentsCard detail={detail} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const liveness = () =>
  screen.getByText('Confiança do liveness', { selector: 'dt' }).parentElement as HTMLElement;

describe('the identity checks of a sandbox outcome (KYC_CHECKS=sandbox)', () => {
  it('labels the decision, each similarity, the liveness and the selfie badge as sandbox', () => {
    renderCards(
      withChecks({
        sandbox: true,
        faceMatch: { selfieDoc: 0.981, documentPhoto: 0.962 },
        liveness: { passed: true, confidence: 0.962 },
      }),
    );
    expect(screen.getByTestId('biometric-decision')).toHaveTextContent('Aprovado');
    expect(screen.getByTestId('biometric-decision')).toHaveAccessibleDescription(
      /Resultado do modo sandbox/,
    );
    const compared = screen.getByRole('list', { name: 'Fotos comparadas' });
    expect(compared).toHaveTextContent('Selfie × selfie com documento: 98,1% (sandbox)');
    expect(compared).toHaveTextContent('Selfie × documento: 96,2% (sandbox)');
    expect(liveness()).toHaveTextContent('Confiança do liveness96,2%Aprovado (sandbox)');
    // 'Liveness Aprovado' on the selfie, and beside it the sandbox badge.
    const selfie = screen
      .getAllByRole('heading', { level: 3, name: 'Selfie' })
      .map((heading) => heading.parentElement as HTMLElement)
      .find((header) => within(header).queryByText('Liveness Aprovado'));
    expect(selfie).toBeDefined();
    expect(within(selfie!).getByText('Sandbox')).toBeVisible();
  });

  it('labels nothing as sandbox for the real engine', () => {
    renderCards(withChecks({ sandbox: false, liveness: { passed: true, confidence: 0.962 } }));
    expect(screen.queryByText(/sandbox/i)).toBeNull();
    expect(liveness()).toHaveTextContent('Confiança do liveness96,2%Aprovado');
    expect(screen.getByText('Liveness Aprovado')).toBeVisible();
  });
});
