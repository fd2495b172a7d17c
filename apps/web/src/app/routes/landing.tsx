import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PublicLayout } from '../../components/layouts/public-layout';
import { sectionScrollDelayMs, type LandingNavigationState } from '../../config/paths';
import { BenefitsSection } from '../../features/landing/components/benefits-section';
import { CtaSection } from '../../features/landing/components/cta-section';
import { FaqSection } from '../../features/landing/components/faq-section';
import { HeroSection } from '../../features/landing/components/hero-section';
import { HowItWorksSection } from '../../features/landing/components/how-it-works-section';
import { ManagersSection } from '../../features/landing/components/managers-section';
import { TermsSection } from '../../features/landing/components/terms-section';
import { TestimonialsSection } from '../../features/landing/components/testimonials-section';

export const landingTitle = 'MediPay | Conta digital para profissionais e operadoras de saúde';

/**
 * The section to scroll to on arrival: navigation state from a section link on another route,
 * or the URL hash (/#faq).
 */
function useScrollTarget(): string | undefined {
  const { state, hash } = useLocation();
  const fromState = (state as LandingNavigationState | null)?.scrollTo;
  if (fromState) return fromState;
  return hash.length > 1 ? hash.slice(1) : undefined;
}

export function LandingRoute() {
  const { key } = useLocation();
  const target = useScrollTarget();

  useEffect(() => {
    document.title = landingTitle;
  }, []);

  // `key` re-runs the scroll for every navigation, even to the section already requested.
  useEffect(() => {
    if (!target) return;
    const timer = window.setTimeout(() => {
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      document
        .getElementById(target)
        ?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    }, sectionScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [target, key]);

  return (
    <PublicLayout>
      <HeroSection />
      <HowItWorksSection />
      <BenefitsSection />
      <ManagersSection />
      <TestimonialsSection />
      <FaqSection />
      <TermsSection />
      <CtaSection />
    </PublicLayout>
  );
}
