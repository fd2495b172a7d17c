import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExtractionStatus } from './extraction-status';

describe('ExtractionStatus', () => {
  it("announces 'Processando...' with a spinner while the document is read", () => {
    const { container } = render(<ExtractionStatus state="processing" />);
    // One live region: the spinner's own label is hidden, the line says it.
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(/^Processando\.\.\.$/);
    expect(container.querySelector('.animate-spin')).not.toBeNull();
  });

  it('says the fields were read, to be checked', () => {
    render(<ExtractionStatus state="done" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Dados lidos do documento. Confira e corrija se necessário.',
    );
  });

  it('says the fields must be filled by hand after a failure', () => {
    render(<ExtractionStatus state="failed" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Erro no processamento. Preencha os campos manualmente.',
    );
  });

  it('shows nothing while idle, keeping the live region in place', () => {
    render(<ExtractionStatus state="idle" />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
