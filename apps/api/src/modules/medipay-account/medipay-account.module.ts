import type { FastifyPluginAsync } from 'fastify';
import type { ReviewDetail } from '../admin-review/review-detail.service';
import { medipayAccountRoutes } from './medipay-account.routes';
import type { MedipayAccounts } from './medipay-account.service';

export type MedipayAccountModuleOptions = {
  accounts: MedipayAccounts;
  /** Each action answers the application as the back office then sees it. */
  detail: ReviewDetail;
};

/** The back office's actions on an approved applicant's MediPay account. Behind the guard. */
export const medipayAccountModule: FastifyPluginAsync<MedipayAccountModuleOptions> = async (
  app,
  { accounts, detail },
) => {
  await app.register(medipayAccountRoutes, { accounts, detail });
};
