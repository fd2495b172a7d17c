import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { COPIED_FEEDBACK_MS } from '@medipay/shared/constants';
import { Button } from '../ui/button';

/** Copies the protocol, saying 'Protocolo copiado!' and 'Copiado!' for two seconds. */
export function CopyProtocolButton({ protocolo }: { protocolo: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(protocolo);
      setCopied(true);
      toast.success('Protocolo copiado!');
    } catch {
      toast.error('Erro ao copiar');
    }
  }

  return (
    <Button type="button" variant="outline" onClick={() => void copy()}>
      {copied ? 'Copiado!' : 'Copiar protocolo'}
    </Button>
  );
}
