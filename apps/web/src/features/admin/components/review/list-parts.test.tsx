import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClippedText, ListCell, ListRow, ListTable } from './list-parts';

function viewport(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile && query === '(max-width: 767px)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
afterEach(() => vi.unstubAllGlobals());

function List() {
  return (
    <ListTable caption="Onboardings PF" columns={['Nome', 'E-mail', 'Ações']} busy={false}>
      <ListRow>
        <ListCell label="Nome" kind="header">
          Maria Oliveira
        </ListCell>
        <ListCell label="E-mail" wide>
          <ClippedText>maria.oliveira@example.com</ClippedText>
        </ListCell>
        <ListCell label="Ações" kind="actions">
          <button type="button">Ver</button>
        </ListCell>
      </ListRow>
    </ListTable>
  );
}

describe('ListTable', () => {
  it('is a table on a wide screen, the e-mail clipped to two lines with the whole on hover', () => {
    viewport(false);
    const { container } = render(<List />);
    expect(container.querySelector('table')).not.toBeNull();
    const row = screen.getByRole('row', { name: /Maria Oliveira/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Maria Oliveira');
    const email = within(row).getByTitle('maria.oliveira@example.com');
    expect(email).toHaveClass('line-clamp-2');
    expect(email).toHaveTextContent('maria.oliveira@example.com');
  });

  it('is one card per row on a phone, still a table to screen readers', () => {
    viewport(true);
    const { container } = render(<List />);
    expect(container.querySelector('table')).toBeNull();
    const table = screen.getByRole('table', { name: 'Onboardings PF' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nome', 'E-mail', 'Ações']);
    const row = within(table).getByRole('row', { name: /Maria Oliveira/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Maria Oliveira');
    // The card shows each value under its column's name, the e-mail whole.
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('E-mailmaria.oliveira@example.com');
    expect(within(row).queryByTitle('maria.oliveira@example.com')).toBeNull();
    expect(within(cells[1]!).getByRole('button', { name: 'Ver' })).toBeInTheDocument();
  });
});
