/** Words of every catalogue screen. */
export const CATALOGUE_TEXT = {
  actions: 'Thao tác',
  edit: 'Sửa',
  delete: 'Xóa',
  deleteHint: 'Giá trị đang được dùng sẽ không xóa được; hệ thống cho biết nơi đang dùng.',
} as const;
