import './tokens.css';
import './base.css';

export {
  Button,
  type ButtonProps,
  type ButtonStyle,
  type ButtonVariant,
  buttonClassName,
} from './components/Button';
export { Card, CardGrid, type CardProps } from './components/Card';
export type { FieldFrameProps } from './components/Field';
export { Modal, type ModalProps } from './components/Modal';
export { PageTitle, type PageTitleProps } from './components/PageTitle';
export { SelectField, type SelectFieldProps, type SelectOption } from './components/SelectField';
export {
  Sidebar,
  type SidebarItem,
  type SidebarLinkProps,
  type SidebarProps,
} from './components/Sidebar';
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
export { Table, type TableColumn, type TableProps } from './components/Table';
export { type TabItem, Tabs, type TabsProps } from './components/Tabs';
export { TextAreaField, type TextAreaFieldProps } from './components/TextAreaField';
export { TextField, type TextFieldProps } from './components/TextField';
export { VisuallyHidden } from './components/VisuallyHidden';
export { cx } from './cx';
export { formatDate, formatRupees, formatTime } from './format';
