/** The success envelope of DESIGN.md section 4. */
export const ok = <T>(data: T, message = 'Thành công') => ({
  statusCode: 200 as const,
  message,
  data,
});
export const created = <T>(data: T, message = 'Tạo mới thành công') => ({
  statusCode: 201 as const,
  message,
  data,
});
export const list = <T>(data: T[], total: number, message = 'Thành công') => ({
  statusCode: 200 as const,
  message,
  data,
  total,
});
