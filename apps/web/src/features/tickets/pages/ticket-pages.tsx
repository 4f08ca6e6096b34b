export { TicketListPage } from './ticket-list-page';
export { TicketDetailPage } from './ticket-detail-page';
