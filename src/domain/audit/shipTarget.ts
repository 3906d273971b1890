/**
 * Where audit records are shipped (issue 14): the `audit.ship` section of the user's or the
 * managed config. Only those two: a project file cannot add a target or point one elsewhere.
 */
export type ShipTarget =
  | { type: 'syslog'; host: string; port: number }
  | { type: 'loki'; url: string; labels?: Record<string, string> }
  | { type: 'file'; path: string }
  /** OpenTelemetry logs over OTLP/HTTP: `url` is the logs endpoint (a collector's `…:4318/v1/logs`). */
  | { type: 'otlp'; url: string; protocol: 'http/protobuf' | 'http/json'; headers?: Record<string, string> };

export interface ShipConfig {
  targets: ShipTarget[];
  /** Longest a run may take to hand its records over; past it the cursor stays put. */
  timeoutMs: number;
}
