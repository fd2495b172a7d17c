import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadedDocument } from '@medipay/shared/documents';
import { FileUpload } from './file-upload';

/** A stand-in for the browser's XMLHttpRequest that answers like the upload endpoint. */
class FakeXhr {
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  static sent: { url: string; file: File | null }[] = [];
  upload: {
    onprogress:
      ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  response: unknown = null;
  responseType = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, file: body.get('file') as File | null });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = FakeXhr.answer.status;
      this.response = FakeXhr.answer.body;
      this.onload?.();
    }, 10);
  }
}
vi.stubGlobal('XMLHttpRequest', FakeXhr);

afterEach(() => {
  FakeXhr.sent = [];
});

const uploaded: UploadedDocument = {
  id: '7a0c3c9e-1111-4f5e-9c39-3c1a2b3c4d5e',
  name: 'conta.pdf',
  size: 2048,
  type: 'application/pdf',
  url: '/api/documents/7a0c3c9e-1111-4f5e-9c39-3c1a2b3c4d5e',
  thumbnailUrl: null,
};

function Harness({ kind = 'document' as const }: { kind?: 'document' | 'pdf' | 'image' }) {
  const [value, setValue] = useState<UploadedDocument | null>(null);
  return (
    <FileUpload
      flow="PF"
      field="comprovanteResidencia"
      kind={kind}
      label="Comprovante de residência"
      value={value}
      onChange={setValue}
    />
  );
}

const input = () => screen.getByLabelText('Comprovante de residência');

describe('FileUpload', () => {
  it('sends a valid file and shows it with replace and remove', async () => {
    FakeXhr.answer = { status: 201, body: uploaded };
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(input(), new File(['%PDF-1.7'], 'conta.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('conta.pdf')).toBeInTheDocument();
    expect(FakeXhr.sent[0]!.url).toBe('/api/applicant/PF/documents/comprovanteResidencia');
    expect(FakeXhr.sent[0]!.file!.name).toBe('conta.pdf');
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover Comprovante de residência' }));
    expect(screen.queryByText('conta.pdf')).not.toBeInTheDocument();
  });

  it('refuses before sending a file of the wrong type or over 10 MB', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness kind="pdf" />);
    await user.upload(input(), new File(['x'], 'foto.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Formato não aceito. Envie um arquivo PDF',
    );
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'grande.pdf', {
      type: 'application/pdf',
    });
    await user.upload(input(), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('Arquivo deve ter até 10MB');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("shows the server's message when it refuses the file", async () => {
    FakeXhr.answer = {
      status: 415,
      body: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'PDF protegido por senha não é aceito. Envie o arquivo sem senha.',
      },
    };
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(input(), new File(['%PDF-1.7'], 'senha.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'PDF protegido por senha não é aceito. Envie o arquivo sem senha.',
      ),
    );
  });

  it('accepts only what its kind allows in the picker', () => {
    render(<Harness kind="image" />);
    expect(input()).toHaveAttribute(
      'accept',
      '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
    );
    expect(input()).toHaveAccessibleDescription('JPG, JPEG, PNG ou WEBP, até 10 MB.');
  });

  describe('the drag hint', () => {
    /** A device whose pointers are `fine` (a mouse) or only `coarse` (a touch screen). */
    function pointer(kind: 'fine' | 'coarse') {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === '(any-pointer: fine)' && kind === 'fine',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }));
    }
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
    });

    it('tells a mouse user to click or drag the file', () => {
      pointer('fine');
      render(<Harness />);
      expect(screen.getByText('Clique para escolher')).toBeInTheDocument();
      expect(screen.getByText('ou arraste o arquivo até aqui')).toBeInTheDocument();
    });

    it('does not tell a touch screen to drag', () => {
      pointer('coarse');
      render(<Harness />);
      expect(screen.getByText('Clique para escolher')).toBeInTheDocument();
      expect(screen.queryByText(/arraste/)).not.toBeInTheDocument();
    });
  });
});
