console.log("lsp")
