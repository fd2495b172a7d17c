import { Route, Routes } from 'react-router';
import { paths } from '../../config/paths';
import { DevBiometricsRoute } from './dev-biometrics';
import { DevDocumentsRoute } from './dev-documents';
import { DevLookupsRoute } from './dev-lookups';
import { DevOutboxRoute } from './dev-outbox';
import { NotFoundRoute } from './not-found';

const under = (path: string) => path.replace(/^\/dev\//, '');

/** The local trial pages; the server does not serve them when NODE_ENV=production. */
export function DevRoutes() {
  return (
    <Routes>
      <Route path={under(paths.devOutbox)} element={<DevOutboxRoute />} />
      <Route path={under(paths.devLookups)} element={<DevLookupsRoute />} />
      <Route path={under(paths.devDocuments)} element={<DevDocumentsRoute />} />
      <Route path={under(paths.devBiometrics)} element={<DevBiometricsRoute />} />
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
