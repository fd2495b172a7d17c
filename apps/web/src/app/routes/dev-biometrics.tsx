import { useEffect } from 'react';
import { BiometricsTrial } from '../../features/dev-biometrics/components/biometrics-trial';
import { FaceTrackerTrial } from '../../features/dev-biometrics/components/face-tracker-trial';

/** Local trials only: the server does not serve this page when NODE_ENV=production. */
export function DevBiometricsRoute() {
  useEffect(() => {
    document.title = 'Biometria (teste local) | MediPay';
  }, []);
  return (
    <main className="min-h-screen bg-muted px-4 py-12">
      <div className="mx-auto max-w-3xl space-y-6">
        <h1 className="text-2xl font-bold">Biometria (teste local)</h1>
        <BiometricsTrial />
        <FaceTrackerTrial />
      </div>
    </main>
  );
}
