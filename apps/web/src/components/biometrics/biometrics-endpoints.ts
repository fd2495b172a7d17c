import { createContext, useContext } from 'react';
import { HANDOFF_API_PATH } from '@medipay/shared/handoff';

/**
 * Where the selfie step's calls go (under /api): the wizard's session, or the phone of
 * 'Continuar no celular', whose credential only the phone's API accepts.
 */
export type BiometricsEndpoints = {
  /** `${base}/biometrics/...` and `${base}/documents/<field>`. */
  base: string;
  /** Whether this device may offer 'Continuar no celular' (the phone may not). */
  offerPhone: boolean;
};

export const wizardEndpoints: BiometricsEndpoints = { base: '/applicant/PF', offerPhone: true };
export const phoneEndpoints: BiometricsEndpoints = { base: HANDOFF_API_PATH, offerPhone: false };

export const BiometricsEndpointsContext = createContext<BiometricsEndpoints>(wizardEndpoints);

export const useBiometricsEndpoints = () => useContext(BiometricsEndpointsContext);
