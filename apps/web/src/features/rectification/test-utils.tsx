/* Test helpers of the rectification page: the shared API stub (testing/api-stub), the contract's
   fixtures, and the page in a memory router next to a stand-in home page. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent, { type Options } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { errorCodes } from '@medipay/shared/api-error';
import type { UploadedDocument } from '@medipay/shared/documents';
import type { RectificationPage as Page } from '@medipay/shared/rectification';
import { Toaster } from '../../components/ui/sonner';
import { paths } from '../../config/paths';
import { apiError } from '../../testing/api-stub';
import { RectificationPage } from './components/rectification-page';

export { apiError, deferred, fetchMock, json, stubApi, type Handler } from '../../testing/api-stub';

export const notFound = () =>
  apiError(
    404,
    'O cadastro não foi encontrado ou não está em status de exigência.',
    errorCodes.notFound,
  );

export function uploaded(id: string, name: string, type = 'image/jpeg'): UploadedDocument {
  return {
    id,
    name,
    size: 123_456,
    type,
    url: `/api/rectification/documents/${id}`,
    thumbnailUrl: null,
  };
}

export const pfPage: Page = {
  flow: 'PF',
  nome: 'Maria Oliveira',
  protocolo: 'PF-20250310-A1B2C3',
  exigencias: 'O documento de identidade está ilegível.\nEnvie a frente novamente.',
  documentosSolicitados: false,
  documents: [
    {
      field: 'docIdentidadeFrente',
      kind: 'document',
      current: uploaded('0b7e1c52-8a5f-4c1e-9d3b-1f2e3a4b5c6d', 'rg-frente.jpg'),
      motivo: null,
    },
    {
      field: 'docIdentidadeVerso',
      kind: 'document',
      current: uploaded('1c8f2d63-9b60-4d2f-8e4c-2a3b4c5d6e7f', 'rg-verso.png', 'image/png'),
      motivo: null,
    },
    { field: 'comprovanteResidencia', kind: 'document', current: null, motivo: null },
    {
      field: 'selfie',
      kind: 'image',
      current: uploaded('2d903e74-ac71-4e30-9f5d-3b4c5d6e7f80', 'selfie.webp', 'image/webp'),
      motivo: null,
    },
  ],
};

export const pjPage: Page = {
  flow: 'PJ',
  nome: 'Clínica Bem Estar S.A.',
  protocolo: 'PJ-20250301-CL1N1C',
  exigencias: null,
  documentosSolicitados: false,
  documents: [
    {
      field: 'contratoSocial',
      kind: 'pdf',
      current: uploaded('3ea14f85-bd82-4f41-a06e-4c5d6e7f8091', 'contrato.pdf', 'application/pdf'),
      motivo: null,
    },
    { field: 'cartaoCnpj', kind: 'document', current: null, motivo: null },
    { field: 'comprovanteEndereco', kind: 'document', current: null, motivo: null },
    { field: 'responsavelDocFrente', kind: 'document', current: null, motivo: null },
  ],
};

/** A link made from the reviewer's refusals: only these documents, each with its reason. */
export const requestedPage: Page = {
  ...pfPage,
  exigencias: 'Confira os documentos abaixo.',
  documentosSolicitados: true,
  documents: [
    { ...pfPage.documents[1]!, motivo: 'Ilegível' },
    {
      field: 'selfieDoc',
      kind: 'image',
      current: uploaded('4fb25096-ce93-4052-b17f-5d6e7f8091a2', 'selfie-doc.jpg'),
      motivo: 'O documento não aparece na foto.',
    },
  ],
};

function LocationProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  return (
    <div data-testid="location" data-search={location.search} data-navigation={navigationType}>
      {location.pathname}
    </div>
  );
}

/** Renders the page at `path` (with its query), a fresh data layer and the toasts. */
export function renderRectification(path: string, options: Options = {}) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  const user = userEvent.setup(options);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={paths.rectification} element={<RectificationPage />} />
          <Route path={paths.home} element={<h1>Página inicial</h1>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient };
}

/** The current path of the memory router. */
export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** The current query string of the memory router ('?token=x', or ''). */
export function currentSearch(): string {
  return screen.getByTestId('location').dataset.search ?? '';
}

/** How the memory router reached the current entry ('POP', 'PUSH' or 'REPLACE'). */
export function lastNavigation(): string {
  return screen.getByTestId('location').dataset.navigation ?? '';
}
