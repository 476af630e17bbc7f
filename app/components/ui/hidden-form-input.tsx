/**
 * The native input beside a checkbox, switch or radio drawn as a button: hidden from people and assistive technology,
 * it carries the control's value when its form posts (as Radix's own bubble input did).
 */
export function HiddenFormInput(props: {
  type: "checkbox" | "radio";
  name: string;
  value: string | undefined;
  checked: boolean;
  required: boolean | undefined;
  disabled: boolean | undefined;
  className: string;
}) {
  return (
    <input
      type={props.type}
      aria-hidden
      tabIndex={-1}
      name={props.name}
      value={props.value}
      checked={props.checked}
      required={props.required}
      disabled={props.disabled}
      readOnly
      onChange={() => {}}
      className={`pointer-events-none absolute m-0 -translate-x-full opacity-0 ${props.className}`}
    />
  );
}
