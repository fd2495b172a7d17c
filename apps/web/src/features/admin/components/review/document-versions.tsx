import type { ReviewDocument } from '@medipay/shared/admin-review';
import { formatDateTime } from '@medipay/shared/dates';
import { textLinkClass } from '../../../../components/ui/text-link';

const uploaderLabels = { applicant: 'pelo solicitante', admin: 'por um administrador' };

/** The earlier files of a document field (the current one left out), newest first. */
export function DocumentVersions({ document }: { document: ReviewDocument | undefined }) {
  const earlier = (document?.versions ?? []).filter(
    (version) => version.id !== document?.current?.id,
  );
  if (earlier.length === 0) return null;
  return (
    <div className="mt-2">
      <p className="text-xs font-semibold text-muted-foreground">Versões anteriores</p>
      <ul className="mt-1 space-y-1 text-xs">
        {earlier.map((version) => (
          <li key={version.id}>
            <a
              href={version.url}
              target="_blank"
              rel="noopener noreferrer"
              className={textLinkClass}
            >
              {version.name}
            </a>{' '}
            <span className="text-muted-foreground">
              enviado {uploaderLabels[version.uploadedBy]} em{' '}
              <time dateTime={version.createdAt}>{formatDateTime(version.createdAt)}</time>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
