// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stdexcept>
#include <string>

namespace iolens::core {

/// Base of every exception thrown by the core library.
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Bad input from the user: a malformed file, an invalid option or parameter, a database that is
/// not one of ours. The command line maps this family to exit status 2.
class InputError : public Error {
public:
    using Error::Error;
};

/// A data file (CSV, fio JSON) or a data value is malformed; the message names file, row and field.
class DataError : public InputError {
public:
    using InputError::InputError;
};

/// An option, parameter, technique, metric or model name is unknown or out of range.
class ConfigError : public InputError {
public:
    using InputError::InputError;
};

/// The file is not an SQLite database, or its schema is newer than this build understands.
class DatabaseFormatError : public InputError {
public:
    using InputError::InputError;
};

/// SQLite failed (I/O error, constraint violation, busy database): not the user's input.
class StoreError : public Error {
public:
    using Error::Error;
};

/// A model was asked to predict before it was fitted, or a broken internal invariant.
class StateError : public Error {
public:
    using Error::Error;
};

} // namespace iolens::core
