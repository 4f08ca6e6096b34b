import type { FieldError } from './errors.js';

/** Every success answer of the API (DESIGN.md section 4). */
export interface ApiSuccess<T> {
  statusCode: 200 | 201;
  message: string;
  data: T;
}
export interface ApiList<T> {
  statusCode: 200;
  message: string;
  data: T[];
  total: number;
}
export interface ApiFailure {
  statusCode: number;
  message: string;
  errors?: FieldError[];
}
