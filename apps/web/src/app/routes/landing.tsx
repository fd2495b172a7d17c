import { PublicLayout } from '../../components/layouts/public-layout';

export function LandingRoute() {
  return (
    <PublicLayout>
      <h1>MediPay</h1>
    </PublicLayout>
  );
}
