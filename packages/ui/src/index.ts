import './tokens.css';
import './base.css';

export { type AccessDecision, AccessGate, type AccessGateProps } from './components/AccessGate';
export { AuthCard, type AuthCardProps } from './components/AuthCard';
export {
  Button,
  type ButtonProps,
  type ButtonStyle,
  type ButtonVariant,
  buttonClassName,
} from './components/Button';
export { Card, CardGrid, type CardProps, surfaceClassName } from './components/Card';
export {
  CardListSkeleton,
  type CardListSkeletonProps,
  CardSkeleton,
  type CardSkeletonProps,
} from './components/CardListSkeleton';
export { type Fact, FactList, type FactListProps } from './components/FactList';
export type { FieldFrameProps } from './components/Field';
export {
  FieldRow,
  Form,
  FormActions,
  FormError,
  type FormProps,
} from './components/Form';
export { Modal, type ModalProps } from './components/Modal';
export { Page, type PageProps } from './components/Page';
export {
  documentTitle,
  PageTitle,
  type PageTitleProps,
  usePageTitle,
} from './components/PageTitle';
export { Pagination, type PaginationProps } from './components/Pagination';
export {
  PosterImage,
  type PosterImageProps,
  type PosterSource,
} from './components/PosterImage';
export { SearchBox, type SearchBoxProps } from './components/SearchBox';
export {
  type GridSeat,
  groupSeatsByRow,
  SeatGrid,
  type SeatGridProps,
  SeatLegend,
  type SeatLegendEntry,
  type SeatLook,
  type SeatTone,
} from './components/SeatGrid';
export { SelectField, type SelectFieldProps, type SelectOption } from './components/SelectField';
export {
  Sidebar,
  type SidebarItem,
  type SidebarLinkProps,
  type SidebarProps,
} from './components/Sidebar';
export { SidebarPanel, type SidebarPanelProps } from './components/SidebarPanel';
export {
  EmptyState,
  type EmptyStateProps,
  ErrorState,
  type ErrorStateProps,
  Loading,
  type LoadingProps,
  NotFound,
  type NotFoundProps,
  Skeleton,
  type SkeletonProps,
  Spinner,
} from './components/States';
export {
  BookingStatus,
  StatusBadge,
  type StatusBadgeProps,
  type StatusTone,
} from './components/StatusBadge';
export { Table, type TableColumn, type TableProps } from './components/Table';
export { type TabItem, Tabs, type TabsProps } from './components/Tabs';
export { TextAreaField, type TextAreaFieldProps } from './components/TextAreaField';
export { TextField, type TextFieldProps } from './components/TextField';
export { VisuallyHidden } from './components/VisuallyHidden';
export { cx } from './cx';
export { canRetry, failureMessage, failureStatus } from './failures';
export { FIRST_SCREEN_TEXTS } from './firstScreens';
export {
  formatDate,
  formatDateTime,
  formatDateTimeRange,
  formatRupees,
  formatTime,
  formatTimeRange,
  plural,
  seatLabel,
  toNumber,
} from './format';
export { type ListParams, useListParams } from './listParams';
export {
  LIST_PAGE_SIZE,
  type ListPage,
  listPageSize,
  PHONE_LIST_PAGE_SIZE,
  pageCount,
  pageQuery,
  SEARCH_DEBOUNCE_MS,
  useDebouncedSearch,
} from './lists';
export { readState, toId, useNavigationId, useTabParam, withQuery } from './navigation';
export { useErrorToast } from './useErrorToast';
export { usePublishedHeight } from './usePublishedHeight';
export {
  type FieldErrors,
  firstErrorPerField,
  type ServerFormError,
  useSchemaForm,
} from './useSchemaForm';
