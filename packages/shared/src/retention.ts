/** Retention periods: no dependencies, so that the privacy page can show them cheaply. */
/**
 * How long each kind of record is kept (decision 027; README; the privacy page shows these
 * figures): applications started and left (`INICIADO`, the session idle), denied ones that never
 * became an account, one-time codes (e-mail, phone and status codes), the liveness challenges'
 * frame signatures, and the back office's access records (sessions and login attempts). The
 * server takes other values from RETENTION_*_DAYS.
 */
export type RetentionPeriods = {
  abandonedDays: number;
  deniedDays: number;
  codesDays: number;
  framesDays: number;
  accessLogsDays: number;
};

export const defaultRetentionPeriods: RetentionPeriods = {
  abandonedDays: 90,
  deniedDays: 5 * 365,
  codesDays: 30,
  framesDays: 90,
  accessLogsDays: 365,
};

/** How long a kept customer's identification data is kept after the account closes. */
export const CUSTOMER_RECORDS_KEPT_YEARS = 10;
