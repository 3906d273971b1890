import { API_VERSION } from '../api/apiError.js';

/** An error body of the `decide` API's shape: `{api_version, error: {code, message}}`. */
export function httpError(
  code: string,
  message: string,
): { api_version: number; error: { code: string; message: string } } {
  return { api_version: API_VERSION, error: { code, message } };
}
