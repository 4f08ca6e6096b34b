/** Customers show the shared avatar (picture, else initials). */
export { Avatar as CustomerAvatar, initialsOf as customerInitials } from '@/components/ui/avatar';
