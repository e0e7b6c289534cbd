import { PopupDialog } from "../popups/dialog.tsx";
import { ResetRequestForm, RestoreForm, SignInForm, SignUpForm, type AuthMode } from "./auth-forms.tsx";

/** Props of {@link AccountDialog}: the open mode, its title, and what the forms call back. */
export interface AccountDialogProps {
  mode: AuthMode;
  title: string;
  onMode: (mode: AuthMode | null) => void;
  onSignedIn: () => void;
  onRestoreDone: (ok: boolean) => void;
}

/**
 * The login component's dialog (spec 2): sign-in, sign-up, reset or restore. Loaded by the account
 * layer when the visitor first opens it, with Radix Dialog (decision 0017).
 */
export default function AccountDialog({ mode, title, onMode, onSignedIn, onRestoreDone }: AccountDialogProps) {
  return (
    <PopupDialog open onOpenChange={(o) => !o && onMode(null)} type={`account-${mode}`} title={title}>
      {mode === "sign-in" && <SignInForm onMode={onMode} onSignedIn={onSignedIn} />}
      {mode === "sign-up" && <SignUpForm onMode={onMode} />}
      {mode === "reset" && <ResetRequestForm onMode={onMode} />}
      {mode === "restore" && <RestoreForm onDone={onRestoreDone} />}
    </PopupDialog>
  );
}
