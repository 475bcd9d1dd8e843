console.log("hdlp", process.argv.slice(2).join(" "))
