/** The web app's UI kit: the pieces every page builds on. */
export { Badge, type BadgeTone } from './Badge.js';
export { Button, type ButtonSize, type ButtonVariant } from './Button.js';
export { ConfirmDialog, DialogActions } from './ConfirmDialog.js';
export { Dialog, type DialogHandle } from './Dialog.js';
export { DialogButtons, ProblemLine } from './dialog-parts.js';
export { Fact, FactList } from './FactList.js';
export {
  AllButton,
  AmountField,
  Field,
  type FormNote,
  FormNoteLine,
  SelectField,
  SubmitButton,
  TextField,
} from './fields.js';
export { ListStatus } from './ListStatus.js';
export { Pager, RecordsPager, type PagerLabels } from './Pager.js';
export { Panel } from './Panel.js';
export { RecordTable, Th, type Column } from './RecordTable.js';
export { Empty, Failed, Loading, QueryState } from './states.js';
export { buttonClass, inputClass, primaryClass } from './styles.js';
export { Tabs } from './Tabs.js';
