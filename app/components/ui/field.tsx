import * as React from "react";
import { Slot as SlotPrimitive } from "radix-ui";

import { cn } from "~/lib/utils";
import { Label } from "~/components/ui/label";

type FieldContextValue = {
  controlId: string;
  labelId: string;
  descriptionId: string;
  errorId: string;
  hasDescription: boolean;
  invalid: boolean;
  required: boolean;
};

const FieldContext = React.createContext<FieldContextValue | null>(null);

function useField(): FieldContextValue {
  const context = React.useContext(FieldContext);
  if (!context) throw new Error("useField must be used inside <Field>");
  return context;
}

/** Accepts one message, a list of messages (e.g. valibot's flattened issues), or nothing. */
type FieldErrorValue = React.ReactNode | readonly string[];

function errorMessages(error: FieldErrorValue): React.ReactNode[] {
  if (Array.isArray(error)) return (error as readonly string[]).filter((message) => message.trim() !== "");
  if (error === null || error === undefined || error === false || error === true || error === "") return [];
  return [error as React.ReactNode];
}

type FieldProps = Omit<React.ComponentProps<"div">, "children"> & {
  label: React.ReactNode;
  /**
   * The form control. A single element receives `id`, `aria-labelledby`, `aria-describedby`, `aria-invalid` and
   * `aria-required`, so non-labelable controls (radio group, switch) are named too. When the element that needs
   * these props is nested (e.g. `SelectTrigger` inside `Select`), pass a function and spread its argument on it.
   */
  children: React.ReactElement | ((control: FieldControlProps) => React.ReactNode);
  description?: React.ReactNode;
  error?: FieldErrorValue;
  /** Id of the control; generated when omitted. Do not set a different `id` on the child itself. */
  controlId?: string;
  required?: boolean;
  /** Marker rendered after the label when `required`; hidden from assistive technology (they get `aria-required`). */
  requiredMarker?: React.ReactNode;
  labelClassName?: string;
};

/**
 * Label + control + description + error message, wired for assistive technology:
 * the label targets the control, and the control is described by the description and the error.
 */
function Field({
  label,
  children,
  description,
  error,
  controlId,
  required = false,
  requiredMarker = "*",
  className,
  labelClassName,
  ...props
}: FieldProps) {
  const generatedId = React.useId();
  const baseId = controlId ?? `field-${generatedId}`;
  const messages = errorMessages(error);
  const invalid = messages.length > 0;
  const hasDescription = description !== undefined && description !== null && description !== false;

  const context: FieldContextValue = {
    controlId: baseId,
    labelId: `${baseId}-label`,
    descriptionId: `${baseId}-description`,
    errorId: `${baseId}-error`,
    hasDescription,
    invalid,
    required,
  };

  return (
    <FieldContext.Provider value={context}>
      <div
        data-slot="field"
        data-invalid={invalid || undefined}
        className={cn("group/field grid gap-2", className)}
        {...props}
      >
        <Label
          id={context.labelId}
          htmlFor={context.controlId}
          className={cn("group-data-[invalid]/field:text-destructive", labelClassName)}
        >
          {label}
          {required ? (
            <span aria-hidden="true" className="-ml-1 text-destructive">
              {requiredMarker}
            </span>
          ) : null}
        </Label>
        {typeof children === "function" ? (
          <FieldRenderControl render={children} />
        ) : (
          <FieldControl>{children}</FieldControl>
        )}
        {hasDescription ? <FieldDescription>{description}</FieldDescription> : null}
        {invalid ? <FieldError messages={messages} /> : null}
      </div>
    </FieldContext.Provider>
  );
}

type FieldControlProps = {
  id: string;
  "aria-labelledby": string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
  "aria-required": true | undefined;
};

function useFieldControlProps(): FieldControlProps {
  const { controlId, labelId, descriptionId, errorId, hasDescription, invalid, required } = useField();
  const describedBy = [hasDescription ? descriptionId : null, invalid ? errorId : null].filter(Boolean).join(" ");
  return {
    id: controlId,
    "aria-labelledby": labelId,
    "aria-describedby": describedBy === "" ? undefined : describedBy,
    "aria-invalid": invalid || undefined,
    "aria-required": required || undefined,
  };
}

function FieldRenderControl({ render }: { render: (control: FieldControlProps) => React.ReactNode }) {
  return <>{render(useFieldControlProps())}</>;
}

/** Passes the field's ids and state to its single child; use it directly for custom field layouts. */
function FieldControl({ children, ...props }: React.ComponentProps<typeof SlotPrimitive.Slot>) {
  const controlProps = useFieldControlProps();
  return (
    <SlotPrimitive.Slot {...controlProps} {...props}>
      {children}
    </SlotPrimitive.Slot>
  );
}

function FieldDescription({ className, ...props }: React.ComponentProps<"p">) {
  const { descriptionId } = useField();
  return (
    <p
      data-slot="field-description"
      id={descriptionId}
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}

function FieldError({
  className,
  messages,
  ...props
}: Omit<React.ComponentProps<"div">, "children"> & { messages: readonly React.ReactNode[] }) {
  const { errorId } = useField();
  if (messages.length === 0) return null;
  return (
    <div
      data-slot="field-error"
      id={errorId}
      className={cn("grid gap-1 text-sm text-destructive", className)}
      {...props}
    >
      {messages.map((message, index) => (
        <p key={index}>{message}</p>
      ))}
    </div>
  );
}

export {
  Field,
  FieldControl,
  FieldDescription,
  FieldError,
  useField,
  useFieldControlProps,
  type FieldProps,
  type FieldControlProps,
  type FieldErrorValue,
};
