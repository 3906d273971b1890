export const API_VERSION = 1;

/** Error codes of the JSON API (not verdict reason codes: the request never reached review). */
export type ApiErrorCode =
  | 'request.too_large'
  | 'request.invalid_json'
  | 'request.not_object'
  | 'request.unknown_field'
  | 'request.duplicate_field'
  | 'request.missing_field'
  | 'request.wrong_type'
  | 'request.api_version'
  | 'request.conflicting_fields'
  | 'request.empty_command'
  | 'request.relative_cwd'
  | 'request.invalid_value'
  | 'request.read_failed';

export interface ApiError {
  code: ApiErrorCode;
  message: string;
}

export function errorBody(error: ApiError): string {
  return `${JSON.stringify({ api_version: API_VERSION, error })}\n`;
}
