import { Bot } from 'lucide-react';
import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

const listPage = lazyPage(() => import('./pages/workflow-list-page'), 'WorkflowListPage');
const historyPage = lazyPage(() => import('./pages/workflow-history-page'), 'WorkflowHistoryPage');
const editorPage = lazyPage(
  () => import('./editor/pages/workflow-editor-page'),
  'WorkflowEditorPage',
);

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/automation',
    title: 'Danh sách tự động hóa',
    page: listPage,
    requiresFeature: 'automation',
    sidebar: { label: 'Tự động hóa', icon: Bot, order: 60 },
    nav: { label: 'Danh sách tự động hóa' },
  },
  { path: '/automation/editor', title: 'Tạo kịch bản tự động hóa', page: editorPage },
  { path: '/automation/editor/:id', title: 'Chỉnh sửa kịch bản tự động hóa', page: editorPage },
  { path: '/automation/history/:id', title: 'Lịch sử hành động', page: historyPage },
];
