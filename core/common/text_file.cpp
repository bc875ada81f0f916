// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/text_file.hpp"

#include "common/error.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace iolens::core {

std::string readTextFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw DataError(path + ": cannot open file for reading");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

void writeTextFileAtomically(const std::string& path, const std::string& content)
{
    const std::string temporary = path + ".part";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out)
            throw Error(path + ": cannot open file for writing");
        out << content;
        out.flush();
        if (!out)
            throw Error(path + ": write failed");
    }
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
        std::filesystem::remove(temporary, ec);
        throw Error(path + ": cannot replace file: " + ec.message());
    }
}

} // namespace iolens::core
