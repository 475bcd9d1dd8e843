/**
 * Every rule, in the order `docs/linter.md` lists them. A new rule is a file
 * in this folder, a line here, a fixture folder in `../testdata/<id>/` and a
 * section in the docs.
 */
import type { FileSetRule, Rule } from "../rule.ts";
import { commandSyntax } from "./command-syntax.ts";
import { defaultOnRequired } from "./default-on-required.ts";
import { duplicateKey } from "./duplicate-key.ts";
import { duplicateName } from "./duplicate-name.ts";
import { duplicateParam } from "./duplicate-param.ts";
import { emptyField } from "./empty-field.ts";
import { endpointSyntax } from "./endpoint-syntax.ts";
import { fieldNotForExecutor } from "./field-not-for-executor.ts";
import { fieldShape } from "./field-shape.ts";
import { folderNameMismatch } from "./folder-name-mismatch.ts";
import { invalidConstraint } from "./invalid-constraint.ts";
import { invalidDate } from "./invalid-date.ts";
import { invalidName } from "./invalid-name.ts";
import { methodParamMissing } from "./method-param-missing.ts";
import { methodParamValue } from "./method-param-value.ts";
import { missingConstraint } from "./missing-constraint.ts";
import { misplacedKey } from "./misplaced-key.ts";
import { missingField } from "./missing-field.ts";
import { optionalOutsideGroup } from "./optional-outside-group.ts";
import { paramDefault } from "./param-default.ts";
import { paramDescription } from "./param-description.ts";
import { paramEnum } from "./param-enum.ts";
import { paramMissingKey } from "./param-missing-key.ts";
import { paramName } from "./param-name.ts";
import { paramRequired } from "./param-required.ts";
import { paramType } from "./param-type.ts";
import { shellFreeText } from "./shell-free-text.ts";
import { shellMissingCmd } from "./shell-missing-cmd.ts";
import { unknownExecutor } from "./unknown-executor.ts";
import { unknownField } from "./unknown-field.ts";
import { unknownMethod } from "./unknown-method.ts";
import { unknownPlaceholder } from "./unknown-placeholder.ts";
import { unusedParam } from "./unused-param.ts";

/** Rules over one file. */
export const RULES: readonly Rule[] = [
  missingField,
  misplacedKey,
  fieldShape,
  unknownField,
  emptyField,
  invalidName,
  unknownExecutor,
  unknownMethod,
  methodParamMissing,
  methodParamValue,
  invalidDate,
  duplicateKey,
  duplicateParam,
  paramMissingKey,
  paramType,
  paramRequired,
  paramDescription,
  paramDefault,
  defaultOnRequired,
  paramEnum,
  paramName,
  missingConstraint,
  invalidConstraint,
  fieldNotForExecutor,
  commandSyntax,
  unknownPlaceholder,
  optionalOutsideGroup,
  unusedParam,
  shellMissingCmd,
  shellFreeText,
  endpointSyntax,
];

/** Rules over the files `hdlp lint` checks together. */
export const FILE_SET_RULES: readonly FileSetRule[] = [duplicateName, folderNameMismatch];
